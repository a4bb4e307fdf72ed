/**
 * Checks published results.
 *
 *   npm run results:verify -- --file results.json [--digest HEX]
 *     recomputes every score, rank and prize of a downloaded public results file from the file
 *     alone (no database, no server secret) and compares each row; with --digest, compares the
 *     recomputed digest with one taken from outside (a mail, a certificate, the winners page).
 *   npm run results:verify -- <quizId> [--digest HEX]
 *     recomputes the current version of a quiz's published ranking (or, with the digest of a
 *     superseded version, that version) from the raw stored answers in the database, its key, its
 *     disqualifications and the tie rule; checks that every version names the digest of the one
 *     before it and that its record gives its digest; and checks every attempt's stored score and
 *     time taken.
 *
 * Exits 1, saying what differs, on any mismatch.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { checkResultsFile, type RowOutcome } from "@/lib/results/public-file";
import type { ChainBreak, Verification } from "@/lib/results";

const USAGE = "Usage: npm run results:verify -- --file results.json [--digest HEX]\n       npm run results:verify -- <quizId> [--digest HEX]";

function describeRow(row: NonNullable<Verification["firstDifference"]>["published"]): string {
  if (!row) return "no row";
  const who = row.pseudonym ? `${row.pseudonym} (participant ${row.participantId})` : `participant ${row.participantId}`;
  return `rank ${row.rank}, ${who}, score ${row.score}, ${row.timeTakenSeconds} s, prize ${row.prizePaise} paise${row.freePass ? ", free pass" : ""}`;
}

const CHAIN_PROBLEMS: Record<ChainBreak["problem"], string> = {
  missing: "is missing",
  digest: "has a record (its rows, or its results file) that does not give its stored digest",
  previousDigest: "does not name the digest of the version before it",
};

const outcome = (row: RowOutcome) => `rank ${row.rank}, score ${row.score}, prize ${row.prizePaise} paise${row.freePass ? ", free pass" : ""}`;

const digestMismatch = (recomputed: string, given: string) => `MISMATCH: the recomputed digest ${recomputed} is not the digest you gave (${given}).`;

/** The file alone: nothing here touches a database or the server's configuration. */
async function checkFile(file: string, digest: string | undefined): Promise<void> {
  const check = checkResultsFile(await readFile(file, "utf8"), digest);
  const lines = check.digest === check.recomputedDigest ? [`digest: ${check.digest}`] : [`digest of the file: ${check.digest}`, `recomputed digest:  ${check.recomputedDigest}`];
  const difference = check.firstDifference;
  if (difference) {
    lines.unshift(`MISMATCH: row ${difference.position} (${difference.pseudonym}): the file says ${outcome(difference.inFile)}; its answers give ${outcome(difference.recomputed)}.`);
  }
  if (check.givenDigest !== null) lines.push(check.givenDigest === check.recomputedDigest ? "It matches the digest you gave." : digestMismatch(check.recomputedDigest, check.givenDigest));
  if (!check.ok) {
    console.error(lines.join("\n"));
    process.exit(1);
  }
  console.log([`OK: all ${check.rows} rows of quiz ${check.quizId} (revision ${check.revision}) follow from their answers, the key, the prizes and the tie rule.`, ...lines].join("\n"));
}

/** The database: loaded only in this mode, so checking a file needs no configuration at all. */
async function checkDatabase(quizId: string, digest: string | undefined): Promise<void> {
  const [{ VISITOR }, { verifyPublishedResults }, { runOnConfiguredDatabase }] = await Promise.all([import("@/lib/auth"), import("@/lib/results"), import("./support/database-command")]);
  await runOnConfiguredDatabase(async (_url, db) => {
    const verification = await verifyPublishedResults(VISITOR, quizId, db, digest);
    const difference = verification.firstDifference;
    const superseded = verification.revision < verification.currentRevision;
    const lines = [
      `revision:          ${verification.revision}${superseded ? ` (superseded by revision ${verification.currentRevision})` : ""}`,
      `published digest:  ${verification.publishedDigest} (format ${verification.format})`,
      `recomputed digest: ${verification.recomputedDigest}`,
      ...(verification.storedFileDigest === null ? [] : [`results file:      ${verification.storedFileDigest}`]),
      ...(difference ? [`first differing row #${difference.position}:`, `  published:  ${describeRow(difference.published)}`, `  recomputed: ${describeRow(difference.recomputed)}`] : []),
    ];
    const input = verification.firstInputDifference;
    if (input) {
      const what = input.field === "score" ? "score" : "time taken (s)";
      lines.push(`first attempt whose stored inputs differ: attempt ${input.attemptId}, participant ${input.participantId}: ${what} stored ${input.stored ?? "none"}, recomputed ${input.recomputed}`);
    }
    const chain = verification.chainBreak;
    if (chain) lines.push(`the chain of versions is broken: revision ${chain.revision} ${CHAIN_PROBLEMS[chain.problem]}`);
    const given = digest?.toLowerCase();
    if (given !== undefined && given !== verification.recomputedDigest) lines.push(digestMismatch(verification.recomputedDigest, given));
    if (!verification.matches || difference || input || chain || (given !== undefined && given !== verification.recomputedDigest)) {
      throw new Error([`MISMATCH: the results of quiz ${quizId} do not match what was published.`, ...lines].join("\n"));
    }
    return [`OK: the results of quiz ${quizId} match the published digest of revision ${verification.revision} (${verification.rows} rows); the chain of versions holds.`, ...lines].join("\n");
  });
}

let parsed;
try {
  parsed = parseArgs({ options: { file: { type: "string" }, digest: { type: "string" } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.file ? positionals.length > 0 : positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
try {
  if (values.file) await checkFile(values.file, values.digest);
  else await checkDatabase(positionals[0], values.digest);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
