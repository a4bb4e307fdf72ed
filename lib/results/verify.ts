import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { publishedResults, resultRows } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { canonicalRows, frozenRowColumns, rankFromAnswers, resultsDigest, type FrozenRow, type KeyEntry, type ResultsBasis } from "./frozen";
import type { PrizeTier } from "./ranking";

export interface Verification {
  quizId: string;
  /** The current version: the one recomputed from the stored answers. */
  revision: number;
  publishedDigest: string;
  recomputedDigest: string;
  /** The ranking recomputed from the raw answers, the final key and the tie rule gives the published digest. */
  matches: boolean;
  /** The first row (in rank order) where the frozen rows and the recomputation disagree; null when none does. */
  firstDifference: { position: number; published: FrozenRow | null; recomputed: FrozenRow | null } | null;
  rows: number;
  /**
   * The first submitted attempt (by participant id) whose stored inputs the recomputation does not
   * give: its score against the published key, or its time taken against its start and submission
   * (bounded by its deadline); null when none. The frozen rows are computed from the answers, so
   * a score edited before publication shows only here (it is what the exam page and the admin's
   * Responses list show).
   */
  firstInputDifference: InputDifference | null;
  /**
   * The first version (oldest first) whose place in the chain does not hold: a revision missing
   * before it, its own frozen rows not giving its stored digest, or its previous digest not being
   * the digest of the version before it; null when the chain holds. A superseded version cannot be
   * recomputed from the answers (disqualifications and the key may have changed since), but its
   * rows must still give its digest, and the next version's digest covers that digest.
   */
  chainBreak: ChainBreak | null;
}

export interface ChainBreak {
  revision: number;
  problem: "missing" | "digest" | "previousDigest";
}

export interface InputDifference {
  attemptId: string;
  participantId: string;
  field: "score" | "timeTakenSeconds";
  stored: number | null;
  recomputed: number;
}

/**
 * Each submitted attempt's stored score and time taken against what its answers, the key and its
 * clock give. The time taken is as finalising computes it (lib/exam/finalise.ts): whole seconds
 * from the start to the submission, which is never past the deadline.
 */
async function firstInputDifference(db: Queryable, basis: ResultsBasis): Promise<InputDifference | null> {
  const checked = await db.execute<{ id: string; participant_id: string; score: number | null; time_taken_seconds: number | null; recomputed_score: number; recomputed_time: number }>(sql`
    with final_key as (
      select * from jsonb_to_recordset(${JSON.stringify(basis.key)}::jsonb) as k("questionId" uuid, "correctOptionIndex" int, dropped boolean)
    )
    select a.id, a.participant_id, a.score, a.time_taken_seconds,
      (count(k."questionId") filter (where k.dropped or aa.selected_option_index = k."correctOptionIndex"))::int * ${basis.marksPerQuestion}::int as recomputed_score,
      greatest(0, floor(extract(epoch from least(a.submitted_at, a.deadline_at) - a.started_at)))::int as recomputed_time
    from attempts a
    left join final_key k on true
    left join attempt_answers aa on aa.attempt_id = a.id and aa.question_id = k."questionId"
    where a.quiz_id = ${basis.quizId} and a.submitted_at is not null
    group by a.id
    order by a.participant_id, a.id`);
  for (const row of checked.rows) {
    const attempt = { attemptId: row.id, participantId: row.participant_id };
    if (row.score !== row.recomputed_score) return { ...attempt, field: "score", stored: row.score, recomputed: row.recomputed_score };
    if (row.time_taken_seconds !== row.recomputed_time) return { ...attempt, field: "timeTakenSeconds", stored: row.time_taken_seconds, recomputed: row.recomputed_time };
  }
  return null;
}

type Version = typeof publishedResults.$inferSelect;

function basisOf(version: Version): ResultsBasis {
  return {
    quizId: version.quizId,
    revision: version.revision,
    previousDigest: version.previousDigest,
    reason: version.reason,
    marksPerQuestion: version.marksPerQuestion,
    key: version.answerKey as KeyEntry[],
    prizes: version.prizeTable as PrizeTier[],
  };
}

function chainBreakOf(versions: Version[], rowsOf: (revision: number) => FrozenRow[]): ChainBreak | null {
  for (const [index, version] of versions.entries()) {
    if (version.revision !== index + 1) return { revision: index + 1, problem: "missing" };
    if (resultsDigest(basisOf(version), rowsOf(version.revision)) !== version.digest) return { revision: version.revision, problem: "digest" };
    if ((versions[index - 1]?.digest ?? null) !== version.previousDigest) return { revision: version.revision, problem: "previousDigest" };
  }
  return null;
}

/**
 * Recomputes the current version of a quiz's published ranking from the stored answers with its
 * key, prizes, disqualifications and tie rule, and compares it with its digest and frozen rows;
 * checks the chain of versions; checks each submitted attempt's stored score and time taken
 * against the recomputation. Anyone may run it (`npm run results:verify -- <quizId>`); it changes
 * nothing.
 */
export const verifyPublishedResults = service("results.view", async (_actor, quizId: string, database?: Queryable): Promise<Verification> => {
  const db = database ?? (await getDb());
  const versions = await db.select().from(publishedResults).where(eq(publishedResults.quizId, quizId)).orderBy(asc(publishedResults.revision));
  const published = versions.at(-1);
  if (!published) throw new NotFound("This quiz has no published results.");
  const basis = basisOf(published);
  const [recomputed, frozenRows, inputDifference] = await Promise.all([
    rankFromAnswers(db, basis, published.disqualifiedIds),
    db
      .select({ revision: resultRows.revision, ...frozenRowColumns })
      .from(resultRows)
      .where(eq(resultRows.quizId, quizId)),
    firstInputDifference(db, basis),
  ]);
  const rowsOf = (revision: number): FrozenRow[] => frozenRows.filter((row) => row.revision === revision).map(({ revision: _revision, ...row }) => row);
  const frozen = rowsOf(published.revision);
  const [expected, actual] = [canonicalRows(frozen), canonicalRows(recomputed)];
  const position = Array.from({ length: Math.max(expected.length, actual.length) }, (_, index) => index).find(
    (index) => JSON.stringify(expected[index]) !== JSON.stringify(actual[index]),
  );
  const recomputedDigest = resultsDigest(basis, recomputed);
  return {
    quizId,
    revision: published.revision,
    publishedDigest: published.digest,
    recomputedDigest,
    matches: recomputedDigest === published.digest,
    firstDifference: position === undefined ? null : { position: position + 1, published: expected[position] ?? null, recomputed: actual[position] ?? null },
    rows: frozen.length,
    firstInputDifference: inputDifference,
    chainBreak: chainBreakOf(versions, rowsOf),
  };
});
