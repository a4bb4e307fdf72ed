// Sums the results of every runner in a folder into the one closing line CI reads.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const folder = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];
const relative = (file) => path.relative(process.cwd(), file);

function collectPlaywrightFailures(suites, titles = []) {
  for (const suite of suites) {
    const inner = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      const failed = spec.tests.filter((test) => test.status === "unexpected");
      const said = failed.flatMap((test) => test.results.map((result) => result.error?.message ?? ""));
      if (failed.length > 0) failedTests.push(`playwright: ${[...inner, spec.title].join(" › ")}${firstLineOf(said)}`);
    }
    collectPlaywrightFailures(suite.suites ?? [], inner);
  }
}

/** What a flaky failure said, on the failed test's line: the rest of the log is gone by then. */
function firstLineOf(messages = []) {
  const first = messages.join("\n").replace(/\u001b\[[0-9;]*m/g, "").split("\n").find((line) => line.trim() !== "");
  return first ? ` — ${first.trim().slice(0, 300)}` : "";
}

for (const file of readdirSync(folder).sort()) {
  const text = readFileSync(path.join(folder, file), "utf8");
  if (file.startsWith("check-")) {
    const passed = text.trim() === "passed";
    totals[passed ? "passed" : "failed"] += 1;
    if (!passed) failures.push(file.slice("check-".length));
  } else if (file.startsWith("vitest-")) {
    const report = JSON.parse(text);
    totals.passed += report.numPassedTests;
    // A run can fail with no failed test (a setup error): count it as one failure.
    totals.failed += report.numFailedTests || (report.success ? 0 : 1);
    totals.skipped += report.numPendingTests + report.numTodoTests;
    const runner = file.replace(/\.json$/, "");
    if (!report.success) failures.push(runner);
    for (const suite of report.testResults) {
      const failed = suite.assertionResults.filter((test) => test.status === "failed");
      for (const test of failed) failedTests.push(`${runner}: ${relative(suite.name)} › ${test.fullName}${firstLineOf(test.failureMessages)}`);
      // A file that fails to load or in a hook has no failed test of its own.
      if (failed.length === 0 && suite.status === "failed") failedTests.push(`${runner}: ${relative(suite.name)}`);
    }
  } else if (file.startsWith("playwright") && file.endsWith(".json")) {
    const { stats, errors, suites } = JSON.parse(text);
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected + (errors?.length ?? 0);
    totals.skipped += stats.skipped;
    if (stats.unexpected > 0 || errors?.length) failures.push(file.replace(/\.json$/, ""));
    collectPlaywrightFailures(suites ?? []);
  }
}

// CI keeps only the end of the log: name every failed test there.
for (const test of failedTests) console.log(`✗ ${test}`);
if (failures.length > 0) console.log(`Failed: ${failures.join(", ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
