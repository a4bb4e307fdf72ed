import "server-only";
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { currentResultRows, resultRows } from "@/db/schema";
import { singleKeyOf, type KeyEntry, type ResultsSection } from "./key";
import type { Queryable } from "@/lib/db";
import { byId, rankParticipants, type PrizeTier, type Ranked } from "./ranking";

/** Everything besides the stored answers that decides a quiz's ranking. */
export interface ResultsBasis {
  quizId: string;
  /** 1 for the first publication; each revision of the results adds one. */
  revision: number;
  /** The digest of the version this revision replaces (null for the first): the new digest covers it, so the chain cannot be broken silently. */
  previousDigest: string | null;
  /** Why this revision was published (null for the first publication). */
  reason: string | null;
  /** The marks of a right answer where no section or question says otherwise. */
  marksPerQuestion: number;
  /** Marks a wrong answer loses where no section or question says otherwise (0: no negative marking). */
  wrongAnswerMarks: number;
  /** The quiz's sections, each with its marking; empty when it has none. */
  sections: ResultsSection[];
  key: KeyEntry[];
  prizes: PrizeTier[];
}

/** A row of the frozen ranking, as result_rows stores it (the submission time only ordered the split). */
export type FrozenRow = Omit<Ranked, "submittedAt">;

/** The result_rows columns that make a FrozenRow. */
export const frozenRowColumns = {
  participantId: resultRows.participantId,
  rank: resultRows.rank,
  score: resultRows.score,
  timeTakenSeconds: resultRows.timeTakenSeconds,
  prizePaise: resultRows.prizePaise,
  freePass: resultRows.freePass,
};

/** The same columns, of the current version's rows. */
export const currentRowColumns = {
  participantId: currentResultRows.participantId,
  rank: currentResultRows.rank,
  score: currentResultRows.score,
  timeTakenSeconds: currentResultRows.timeTakenSeconds,
  prizePaise: currentResultRows.prizePaise,
  freePass: currentResultRows.freePass,
};

/**
 * The canonical serialisation a format-1 digest covers (results published before the public
 * results file, lib/results/public-file.ts, which is format 2): fixed key order, the key in
 * position order, prizes by first rank, rows by rank then participant id (plain code-unit order,
 * not locale). Anyone holding the published key, prizes and rows can rebuild it byte for byte.
 * Only first publications were ever made in format 1: every revision is format 2, which names
 * its number, the digest it replaces and its reason.
 */
function canonicalResults(basis: ResultsBasis, rows: FrozenRow[]): string {
  return JSON.stringify({
    version: 1,
    quizId: basis.quizId,
    marksPerQuestion: basis.marksPerQuestion,
    key: singleKeyOf(basis.key),
    prizes: [...basis.prizes]
      .sort((a, b) => a.rankFrom - b.rankFrom)
      .map((tier) => ({ rankFrom: tier.rankFrom, rankTo: tier.rankTo, kind: tier.kind, amountPaise: tier.amountPaise })),
    ranking: canonicalRows(rows),
  });
}

/** The rows by rank then participant id, each with its fields in a fixed order. */
export function canonicalRows(rows: FrozenRow[]): FrozenRow[] {
  return [...rows]
    .sort((a, b) => a.rank - b.rank || byId(a, b))
    .map((row) => ({
      rank: row.rank,
      participantId: row.participantId,
      score: row.score,
      timeTakenSeconds: row.timeTakenSeconds,
      prizePaise: row.prizePaise,
      freePass: row.freePass,
    }));
}

/** The participants whose submitted attempts are disqualified now, in id order: what a new version leaves out. */
export async function disqualifiedParticipants(db: Queryable, quizId: string): Promise<string[]> {
  const rows = await db.execute<{ participant_id: string }>(sql`
    select participant_id from attempts
    where quiz_id = ${quizId} and submitted_at is not null and disqualified_at is not null
    order by participant_id`);
  return rows.rows.map((row) => row.participant_id);
}

export function resultsDigest(basis: ResultsBasis, rows: FrozenRow[]): string {
  return createHash("sha256").update(canonicalResults(basis, rows)).digest("hex");
}

/**
 * Scores every submitted attempt but those of the disqualified participants from its raw stored
 * answers against the given key (a dropped question gives everyone the mark), then ranks them
 * with the tie rule (a tie's left-over paise by submission time). Format-1 publications were
 * ranked with this, and `results:verify` recomputes them with it and the participants the
 * version left out, since disqualifications may change after it.
 */
export async function rankFromAnswers(db: Queryable, basis: ResultsBasis, disqualifiedIds: readonly string[]): Promise<FrozenRow[]> {
  const scored = await db.execute<{ participant_id: string; time_taken_seconds: number; submitted_at: Date | string; score: number }>(sql`
    with final_key as (
      select * from jsonb_to_recordset(${JSON.stringify(singleKeyOf(basis.key))}::jsonb) as k("questionId" uuid, "correctOptionIndex" int, dropped boolean)
    )
    select a.participant_id, coalesce(a.time_taken_seconds, 0) as time_taken_seconds, a.submitted_at,
      ${scoreAgainstKey(basis)} as score
    from attempts a
    left join final_key k on true
    left join attempt_answers aa on aa.attempt_id = a.id and aa.question_id = k."questionId"
    where a.quiz_id = ${basis.quizId} and a.submitted_at is not null and a.participant_id <> all(${`{${disqualifiedIds.join(",")}}`}::uuid[])
    group by a.id`);
  const ranked = rankParticipants(
    scored.rows.map((row) => ({
      participantId: row.participant_id,
      score: row.score,
      timeTakenSeconds: row.time_taken_seconds,
      submittedAt: new Date(row.submitted_at),
    })),
    basis.prizes,
  );
  return ranked.map(({ submittedAt: _ordered, ...row }) => row);
}

/**
 * The score of the attempt `a` against the final key `k` (one row per key entry, joined to its
 * answers `aa`, grouped by attempt): a correct or dropped question earns the marks, a wrong one
 * loses the wrong-answer marks, an unanswered one scores 0.
 */
function scoreAgainstKey(basis: Pick<ResultsBasis, "marksPerQuestion" | "wrongAnswerMarks">): SQL {
  return sql`((count(k."questionId") filter (where k.dropped or aa.selected_option_index = k."correctOptionIndex"))::int * ${basis.marksPerQuestion}::int
    - (count(k."questionId") filter (where not k.dropped and aa.selected_option_index <> k."correctOptionIndex"))::int * ${basis.wrongAnswerMarks}::int)`;
}

/** A quiz's first publication: no earlier version to chain to, and no reason asked. */
export const FIRST_PUBLICATION = { revision: 1, previousDigest: null, reason: null } as const;
