import "server-only";
import { eq, sql } from "drizzle-orm";
import { publishedResults, resultRows } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { canonicalRows, FIRST_PUBLICATION, frozenRowColumns, rankFromAnswers, resultsDigest, type FrozenRow, type KeyEntry, type ResultsBasis } from "./frozen";
import { pseudonymOf } from "./pseudonyms";
import { serialiseResults, sha256Hex } from "./public-file";
import type { PrizeTier } from "./ranking";
import { resultsFileFromAnswers } from "./results-file";

/** A frozen row as verify compares it; format 1 rows have no pseudonym. */
export type VerifiedRow = FrozenRow & { pseudonym: string | null };

export interface Verification {
  quizId: string;
  /** What the digest covers: 1, the legacy canonical JSON with participant ids; 2, the public results file. */
  format: number;
  publishedDigest: string;
  recomputedDigest: string;
  /** Format 2: the SHA-256 of the stored results file, the one served for download; null for format 1. */
  storedFileDigest: string | null;
  /**
   * The ranking recomputed from the raw answers, the final key and the tie rule gives the
   * published digest (and, in format 2, so does the stored results file).
   */
  matches: boolean;
  /** The first row (in the canonical order) where the frozen rows and the recomputation disagree; null when none does. */
  firstDifference: { position: number; published: VerifiedRow | null; recomputed: VerifiedRow | null } | null;
  rows: number;
  /**
   * The first submitted attempt (by participant id) whose stored inputs the recomputation does not
   * give: its score against the published key, or its time taken against its start and submission
   * (bounded by its deadline); null when none. The frozen rows are computed from the answers, so
   * a score edited before publication shows only here (it is what the exam page and the admin's
   * Responses list show).
   */
  firstInputDifference: InputDifference | null;
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

/** Format 1: the legacy canonical JSON over the ranking with participant ids. */
async function recomputeFormat1(db: Queryable, basis: ResultsBasis, frozen: VerifiedRow[]) {
  const recomputed = await rankFromAnswers(db, basis);
  const withoutPseudonym = (rows: FrozenRow[]) => canonicalRows(rows).map((row) => ({ ...row, pseudonym: null }));
  return { digest: resultsDigest(basis, recomputed), expected: withoutPseudonym(frozen), actual: withoutPseudonym(recomputed) };
}

/** Format 2: the public results file, naming each participant by the pseudonym frozen in their row. */
async function recomputeFormat2(db: Queryable, basis: ResultsBasis, frozen: VerifiedRow[]) {
  const frozenPseudonym = new Map(frozen.map((row) => [row.participantId, row.pseudonym]));
  const { document, participantOf } = await resultsFileFromAnswers(db, basis, async (participantId) => frozenPseudonym.get(participantId) ?? pseudonymOf(basis.quizId, participantId));
  const inFileOrder = (row: VerifiedRow): VerifiedRow => ({
    rank: row.rank,
    pseudonym: row.pseudonym,
    participantId: row.participantId,
    score: row.score,
    timeTakenSeconds: row.timeTakenSeconds,
    prizePaise: row.prizePaise,
    freePass: row.freePass,
  });
  const expected = [...frozen].sort((a, b) => a.rank - b.rank || ((a.pseudonym ?? "") < (b.pseudonym ?? "") ? -1 : 1)).map(inFileOrder);
  const actual = document.rows.map((row) => inFileOrder({ ...row, participantId: participantOf.get(row.pseudonym)! }));
  return { digest: sha256Hex(serialiseResults(document)), expected, actual };
}

/**
 * Recomputes a published ranking from the stored answers with the published key, prizes and tie
 * rule, and compares it with the published digest and the frozen rows (in format 2, also the
 * stored results file with the digest); checks each submitted attempt's stored score and time
 * taken against the recomputation. Anyone may run it (`npm run results:verify -- <quizId>`); it
 * changes nothing.
 */
export const verifyPublishedResults = service("results.view", async (_actor, quizId: string, database?: Queryable): Promise<Verification> => {
  const db = database ?? (await getDb());
  const [published] = await db.select().from(publishedResults).where(eq(publishedResults.quizId, quizId));
  if (!published) throw new NotFound("This quiz has no published results.");
  const basis: ResultsBasis = {
    quizId,
    ...FIRST_PUBLICATION,
    marksPerQuestion: published.marksPerQuestion,
    key: published.answerKey as KeyEntry[],
    prizes: published.prizeTable as PrizeTier[],
  };
  const [frozen, inputDifference] = await Promise.all([
    db
      .select({ ...frozenRowColumns, pseudonym: resultRows.pseudonym })
      .from(resultRows)
      .where(eq(resultRows.quizId, quizId)),
    firstInputDifference(db, basis),
  ]);
  const { digest: recomputedDigest, expected, actual } = await (published.digestFormat === 1 ? recomputeFormat1 : recomputeFormat2)(db, basis, frozen);
  const position = Array.from({ length: Math.max(expected.length, actual.length) }, (_, index) => index).find(
    (index) => JSON.stringify(expected[index]) !== JSON.stringify(actual[index]),
  );
  const storedFileDigest = published.resultsFile === null ? null : sha256Hex(published.resultsFile);
  return {
    quizId,
    format: published.digestFormat,
    publishedDigest: published.digest,
    recomputedDigest,
    storedFileDigest,
    matches: recomputedDigest === published.digest && (published.digestFormat === 1 || storedFileDigest === published.digest),
    firstDifference: position === undefined ? null : { position: position + 1, published: expected[position] ?? null, recomputed: actual[position] ?? null },
    rows: frozen.length,
    firstInputDifference: inputDifference,
  };
});
