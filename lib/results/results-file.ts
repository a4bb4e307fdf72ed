import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { currentPublishedResults, publishedResults } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import type { ResultsBasis } from "./frozen";
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
  const submitted = await db.execute<{ participant_id: string; answers: (number | null)[] | null; time_taken_seconds: number; submitted_at: Date | string }>(sql`
    with final_key as (
      select * from rows from (jsonb_to_recordset(${JSON.stringify(basis.key)}::jsonb) as ("questionId" uuid)) with ordinality as k("questionId", position)
    )
    select a.participant_id, coalesce(a.time_taken_seconds, 0) as time_taken_seconds, a.submitted_at,
      array_agg(aa.selected_option_index order by k.position) filter (where k.position is not null) as answers
    from attempts a
    left join final_key k on true
    left join attempt_answers aa on aa.attempt_id = a.id and aa.question_id = k."questionId"
    where a.quiz_id = ${basis.quizId} and a.submitted_at is not null and a.participant_id <> all(${`{${disqualifiedIds.join(",")}}`}::uuid[])
    group by a.id`);
  const participantOf = new Map<string, string>();
  const entries = [];
  for (const row of submitted.rows) {
    const pseudonym = await pseudonymFor(row.participant_id);
    participantOf.set(pseudonym, row.participant_id);
    entries.push({ pseudonym, answers: row.answers ?? [], timeTakenSeconds: row.time_taken_seconds, submittedAt: new Date(row.submitted_at).toISOString() });
  }
  // 60-bit pseudonyms make this all but impossible; were it to happen, two people would share a row.
  if (participantOf.size !== entries.length) throw new Error(`Two participants of quiz ${basis.quizId} have the same pseudonym: results not frozen.`);
  return { document: publicResults(basis, entries), participantOf };
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
    .where(and(eq(version.quizId, quizId), eq(version.digestFormat, 2), digest ? eq(version.digest, digest) : undefined));
  if (!published?.text) throw new NotFound(message("resultsFileNotFound"));
  return { text: published.text, digest: published.digest, fileName: `results-${quizId}-${published.digest.slice(0, 12)}.json` };
});
