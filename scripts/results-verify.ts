/**
 * Recomputes a quiz's published ranking from the raw stored answers, the final key and the tie
 * rule: `npm run results:verify -- <quizId>`. Exits 1 when it does not match the published digest.
 */
import { VISITOR } from "@/lib/auth";
import { verifyPublishedResults, type Verification } from "@/lib/results";
import { runOnConfiguredDatabase } from "./support/database-command";

function describeRow(row: NonNullable<Verification["firstDifference"]>["published"]): string {
  if (!row) return "no row";
  return `rank ${row.rank}, participant ${row.participantId}, score ${row.score}, ${row.timeTakenSeconds} s, prize ${row.prizePaise} paise${row.freePass ? ", free pass" : ""}`;
}

const quizId = process.argv[2];
if (!quizId) {
  console.error("Usage: npm run results:verify -- <quizId>");
  process.exit(2);
}

await runOnConfiguredDatabase(async (_url, db) => {
  const verification = await verifyPublishedResults(VISITOR, quizId, db);
  const difference = verification.firstDifference;
  const lines = [
    `published digest:  ${verification.publishedDigest}`,
    `recomputed digest: ${verification.recomputedDigest}`,
    ...(difference ? [`first differing row #${difference.position}:`, `  published:  ${describeRow(difference.published)}`, `  recomputed: ${describeRow(difference.recomputed)}`] : []),
  ];
  if (!verification.matches || difference) throw new Error([`MISMATCH: the results of quiz ${quizId} do not match what was published.`, ...lines].join("\n"));
  return [`OK: the results of quiz ${quizId} match the published digest (${verification.rows} rows).`, ...lines].join("\n");
});
