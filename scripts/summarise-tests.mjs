// Sums the results of every runner in a folder into the one closing line CI reads.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const folder = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

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
    if (!report.success) failures.push(file.replace(/\.json$/, ""));
  } else if (file === "playwright.json") {
    const { stats, errors } = JSON.parse(text);
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected + (errors?.length ?? 0);
    totals.skipped += stats.skipped;
    if (stats.unexpected > 0 || errors?.length) failures.push("playwright");
  }
}

if (failures.length > 0) console.log(`Failed: ${failures.join(", ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
