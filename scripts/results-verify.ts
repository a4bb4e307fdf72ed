/**
 * Recomputes the current version of a quiz's published ranking from the raw stored answers, its
 * final key and the tie rule: `npm run results:verify -- <quizId>`. Exits 1 when it does not match
 * the published digest, when the chain of versions is broken (a revision's previous digest is not
 * the digest of the version before it, or a version's rows do not give its digest), or when an
 * attempt's stored score or time taken is not what its answers and its clock give.
 */
import { VISITOR } from "@/lib/auth";
import { verifyPublishedResults, type ChainBreak, type Verification } from "@/lib/results";
import { runOnConfiguredDatabase } from "./support/database-command";

function describeRow(row: NonNullable<Verification["firstDifference"]>["published"]): string {
  if (!row) return "no row";
  return `rank ${row.rank}, participant ${row.participantId}, score ${row.score}, ${row.timeTakenSeconds} s, prize ${row.prizePaise} paise${row.freePass ? ", free pass" : ""}`;
}

const CHAIN_PROBLEMS: Record<ChainBreak["problem"], string> = {
  missing: "is missing",
  digest: "has rows that do not give its stored digest",
  previousDigest: "does not name the digest of the version before it",
};

const quizId = process.argv[2];
if (!quizId) {
  console.error("Usage: npm run results:verify -- <quizId>");
  process.exit(2);
}

await runOnConfiguredDatabase(async (_url, db) => {
  const verification = await verifyPublishedResults(VISITOR, quizId, db);
  const difference = verification.firstDifference;
  const lines = [
    `revision:          ${verification.revision}`,
    `published digest:  ${verification.publishedDigest}`,
    `recomputed digest: ${verification.recomputedDigest}`,
    ...(difference ? [`first differing row #${difference.position}:`, `  published:  ${describeRow(difference.published)}`, `  recomputed: ${describeRow(difference.recomputed)}`] : []),
  ];
  const input = verification.firstInputDifference;
  if (input) {
    const what = input.field === "score" ? "score" : "time taken (s)";
    lines.push(`first attempt whose stored inputs differ: attempt ${input.attemptId}, participant ${input.participantId}: ${what} stored ${input.stored ?? "none"}, recomputed ${input.recomputed}`);
  }
  const chain = verification.chainBreak;
  if (chain) lines.push(`the chain of versions is broken: revision ${chain.revision} ${CHAIN_PROBLEMS[chain.problem]}`);
  if (!verification.matches || difference || input || chain) throw new Error([`MISMATCH: the results of quiz ${quizId} do not match what was published.`, ...lines].join("\n"));
  return [`OK: the results of quiz ${quizId} match the published digest of revision ${verification.revision} (${verification.rows} rows), and every earlier version is chained into it.`, ...lines].join("\n");
});
