import "server-only";
import { eq } from "drizzle-orm";
import { publishedResults, resultRows } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { canonicalRows, frozenRowColumns, rankFromAnswers, resultsDigest, type FrozenRow, type KeyEntry, type ResultsBasis } from "./frozen";
import type { PrizeTier } from "./ranking";

export interface Verification {
  quizId: string;
  publishedDigest: string;
  recomputedDigest: string;
  /** The ranking recomputed from the raw answers, the final key and the tie rule gives the published digest. */
  matches: boolean;
  /** The first row (in rank order) where the frozen rows and the recomputation disagree; null when none does. */
  firstDifference: { position: number; published: FrozenRow | null; recomputed: FrozenRow | null } | null;
  rows: number;
}

/**
 * Recomputes a published ranking from the stored answers with the published key, prizes and tie
 * rule, and compares it with the published digest and the frozen rows. Anyone may run it
 * (`npm run results:verify -- <quizId>`); it changes nothing.
 */
export const verifyPublishedResults = service("results.view", async (_actor, quizId: string, database?: Queryable): Promise<Verification> => {
  const db = database ?? (await getDb());
  const [published] = await db.select().from(publishedResults).where(eq(publishedResults.quizId, quizId));
  if (!published) throw new NotFound("This quiz has no published results.");
  const basis: ResultsBasis = {
    quizId,
    marksPerQuestion: published.marksPerQuestion,
    key: published.answerKey as KeyEntry[],
    prizes: published.prizeTable as PrizeTier[],
  };
  const [recomputed, frozen] = await Promise.all([
    rankFromAnswers(db, basis),
    db
      .select(frozenRowColumns)
      .from(resultRows)
      .where(eq(resultRows.quizId, quizId)),
  ]);
  const [expected, actual] = [canonicalRows(frozen), canonicalRows(recomputed)];
  const position = Array.from({ length: Math.max(expected.length, actual.length) }, (_, index) => index).find(
    (index) => JSON.stringify(expected[index]) !== JSON.stringify(actual[index]),
  );
  const recomputedDigest = resultsDigest(basis, recomputed);
  return {
    quizId,
    publishedDigest: published.digest,
    recomputedDigest,
    matches: recomputedDigest === published.digest,
    firstDifference: position === undefined ? null : { position: position + 1, published: expected[position] ?? null, recomputed: actual[position] ?? null },
    rows: frozen.length,
  };
});
