import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import { currentPublishedResults, publishedResults } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import type { ResultsBasis } from "./frozen";
import type { GivenAnswer } from "@/lib/exam/schemas";
import { publicResults, type PublicResults } from "./public-file";

/**
 * The results file (format 2) recomputed from the stored answers of every submitted attempt but
 * those of the disqualified participants, with each participant named by `pseudonymFor`; and who
 * each pseudonym is. Publishing and each revision freeze it; `results:verify` rebuilds it to
 * compare, with the participants the version left out, since disqualifications may change after it.
 */
export async function resultsFileFromAnswers(
  db: Queryable,
  basis: ResultsBasis,
  disqualifiedIds: readonly string[],
  pseudonymFor: (participantId: string) => Promise<string>,
): Promise<{ document: PublicResults; participantOf: Map<string, string> }> {
  const participantOf = new Map<string, string>();
  const entries = [];
  for (const row of await submittedAnswers(db, basis, disqualifiedIds)) {
    const pseudonym = await pseudonymFor(row.participantId);
    participantOf.set(pseudonym, row.participantId);
    entries.push({ pseudonym, answers: row.answers, timeTakenSeconds: row.timeTakenSeconds, submittedAt: row.submittedAt });
  }
  // 60-bit pseudonyms make this all but impossible; were it to happen, two people would share a row.
  if (participantOf.size !== entries.length) throw new Error(`Two participants of quiz ${basis.quizId} have the same pseudonym: results not frozen.`);
  return { document: publicResults(basis, entries), participantOf };
}

/** A submitted attempt's answers in the key's order, as given, and what it stores of its outcome. */
export interface SubmittedAnswers {
  attemptId: string;
  participantId: string;
  answers: GivenAnswer[];
  timeTakenSeconds: number;
  submittedAt: string;
  /** As stored (exact to two places); null if it never was. */
  storedScore: number | null;
  storedTimeTakenSeconds: number | null;
  /** Whole seconds from the start to the submission, which is never past the deadline: as finalising computes it. */
  clockTimeTakenSeconds: number;
}

/**
 * Every submitted attempt but those of the given participants, in participant order, with its
 * answers per key position as given: the original option (single), the original options
 * ascending (multiple), or the number as typed (integer, numerical); null where none.
 */
export async function submittedAnswers(db: Queryable, basis: Pick<ResultsBasis, "quizId" | "key">, excludedIds: readonly string[]): Promise<SubmittedAnswers[]> {
  const submitted = await db.execute<{
    id: string;
    participant_id: string;
    answers: GivenAnswer[] | null;
    score: string | null;
    time_taken_seconds: number | null;
    clock_time: number;
    submitted_at: Date | string;
  }>(sql`
    with final_key as (
      select * from rows from (jsonb_to_recordset(${JSON.stringify(basis.key)}::jsonb) as ("questionId" uuid)) with ordinality as k("questionId", position)
    )
    select a.id, a.participant_id, a.score, a.time_taken_seconds, a.submitted_at,
      greatest(0, floor(extract(epoch from least(a.submitted_at, a.deadline_at) - a.started_at)))::int as clock_time,
      jsonb_agg(case
        when aa.selected_options is not null then to_jsonb(aa.selected_options)
        when aa.typed_answer is not null then to_jsonb(aa.typed_answer::text)
        else to_jsonb(aa.selected_option_index) end order by k.position) filter (where k.position is not null) as answers
    from attempts a
    left join final_key k on true
    left join attempt_answers aa on aa.attempt_id = a.id and aa.question_id = k."questionId"
    where a.quiz_id = ${basis.quizId} and a.submitted_at is not null and a.participant_id <> all(${`{${excludedIds.join(",")}}`}::uuid[])
    group by a.id
    order by a.participant_id, a.id`);
  return submitted.rows.map((row) => ({
    attemptId: row.id,
    participantId: row.participant_id,
    answers: row.answers ?? [],
    timeTakenSeconds: row.time_taken_seconds ?? 0,
    submittedAt: new Date(row.submitted_at).toISOString(),
    storedScore: row.score === null ? null : Number(row.score),
    storedTimeTakenSeconds: row.time_taken_seconds,
    clockTimeTakenSeconds: row.clock_time,
  }));
}

/**
 * A quiz's public results file, as frozen at publication: what anyone may download and check.
 * The current version's, or with a digest that version's, superseded or not. Not found before
 * publication, or for results published before results files existed (format 1).
 */
export const publicResultsFile = service("results.view", async (_actor, quizId: string, digest?: string) => {
  const db = await getDb();
  const version = digest ? publishedResults : currentPublishedResults;
  const [published] = await db
    .select({ digest: version.digest, text: version.resultsFile })
    .from(version)
    .where(and(eq(version.quizId, quizId), gte(version.digestFormat, 2), digest ? eq(version.digest, digest) : undefined));
  if (!published?.text) throw new NotFound(message("resultsFileNotFound"));
  return { text: published.text, digest: published.digest, fileName: `results-${quizId}-${published.digest.slice(0, 12)}.json` };
});
