import "server-only";
import { and, asc, desc, eq, gt, inArray, lte, not, or, sql } from "drizzle-orm";
import { currentResultRows, publishedResults, quizzes, users } from "@/db/schema";
import { authorize, service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { currentRowColumns } from "./frozen";
import { explainPlacement, type PrizeTier } from "./ranking";

/** A version of a quiz's results that a revision replaced: still shown, with the reason it was replaced. */
export interface SupersededVersion {
  revision: number;
  publishedAt: Date;
  digest: string;
  reason: string | null;
  /** Published with a public results file (format 2) to download. */
  resultsFile: boolean;
}

/** How many of a ranking's first places the winners page shows when its prizes pay no one. */
export const TOP_RANKS_WITHOUT_PRIZES = 10;

function rankingOf<Row extends { participants: number }>(rows: Row[]) {
  return { participants: rows[0]?.participants ?? 0, winners: rows.map(({ participants: _participants, ...row }) => row) };
}

/**
 * The winners of every quiz whose results are published, most recently published (or revised)
 * first, read from the current version's frozen rows, with the versions it superseded: two
 * queries however many quizzes, versions and participants there are.
 */
export const publishedWinners = service("results.view", async () => {
  const db = await getDb();
  const versions = await db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      titleHi: quizzes.titleHi,
      contestModel: quizzes.contestModel,
      revision: publishedResults.revision,
      publishedAt: publishedResults.publishedAt,
      digest: publishedResults.digest,
      reason: publishedResults.reason,
      resultsFile: sql<boolean>`${publishedResults.digestFormat} >= 2`,
      prizes: publishedResults.prizeTable,
    })
    .from(publishedResults)
    .innerJoin(quizzes, eq(quizzes.id, publishedResults.quizId))
    .orderBy(desc(publishedResults.revision));
  const latest = new Map<string, (typeof versions)[number]>();
  for (const version of versions) if (!latest.has(version.id)) latest.set(version.id, version);
  const current = [...latest.values()].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  if (current.length === 0) return [];
  // Per quiz, how many were ranked and whether anyone won something: a ranking that pays no one
  // still shows its top, so that "no participant submitted" is said only when none did.
  const ranked = db.$with("ranked").as(
    db
      .select({
        quizId: currentResultRows.quizId,
        ...currentRowColumns,
        participants: sql<number>`count(*) over (partition by ${currentResultRows.quizId})::int`.as("participants"),
        paysSomeone: sql<boolean>`bool_or(${currentResultRows.prizePaise} > 0 or ${currentResultRows.freePass}) over (partition by ${currentResultRows.quizId})`.as("pays_someone"),
      })
      .from(currentResultRows)
      .where(inArray(currentResultRows.quizId, current.map((quiz) => quiz.id))),
  );
  const rows = await db
    .with(ranked)
    .select({
      quizId: ranked.quizId,
      name: users.name,
      participantId: ranked.participantId,
      rank: ranked.rank,
      score: ranked.score,
      timeTakenSeconds: ranked.timeTakenSeconds,
      prizePaise: ranked.prizePaise,
      freePass: ranked.freePass,
      participants: ranked.participants,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.participantId))
    .where(or(gt(ranked.prizePaise, 0), eq(ranked.freePass, true), and(not(ranked.paysSomeone), lte(ranked.rank, TOP_RANKS_WITHOUT_PRIZES))))
    .orderBy(asc(ranked.rank), asc(ranked.participantId));
  return current.map((quiz) => ({
    ...quiz,
    prizes: quiz.prizes as PrizeTier[],
    superseded: versions
      .filter((version) => version.id === quiz.id && version.revision < quiz.revision)
      .map(({ revision, publishedAt, digest, reason, resultsFile }): SupersededVersion => ({ revision, publishedAt, digest, reason, resultsFile })),
    ...rankingOf(rows.filter((row) => row.quizId === quiz.id)),
  }));
});

/**
 * A participant's own frozen result, in the current version, in every published quiz they took,
 * with the rows just above and below theirs, so the page can say which rule placed them where they
 * are, and their pseudonym, so they can find their row in the public results file; with what was
 * paid of their cash prize.
 */
export const myPublishedRanks = service("results.viewOwn", async (actor, userId: string) => {
  authorize(actor, "results.viewOwn", userId);
  const db = await getDb();
  const rows = await db.execute<{
    quiz_id: string;
    title: string;
    title_hi: string | null;
    revision: number;
    digest: string;
    pseudonym: string | null;
    rank: number;
    score: string;
    time_taken_seconds: number;
    prize_paise: number;
    paid_paise: number;
    free_pass: boolean;
    of: number;
    tied_with: number;
    above_rank: number | null;
    above_score: string | null;
    above_time: number | null;
    below_rank: number | null;
    below_score: string | null;
    below_time: number | null;
  }>(sql`
    select r.quiz_id, q.title, q.title_hi, p.revision, p.digest, r.pseudonym, r.rank, r.score, r.time_taken_seconds, r.prize_paise, r.free_pass,
      (select coalesce(sum(c.gross_paise), 0)::int from prize_claims c where c.quiz_id = r.quiz_id and c.participant_id = r.participant_id and c.status = 'paid') as paid_paise,
      (select count(*)::int from result_rows x where x.quiz_id = r.quiz_id and x.revision = r.revision) as of,
      (select count(*)::int - 1 from result_rows x where x.quiz_id = r.quiz_id and x.revision = r.revision and x.rank = r.rank) as tied_with,
      above.rank as above_rank, above.score as above_score, above.time_taken_seconds as above_time,
      below.rank as below_rank, below.score as below_score, below.time_taken_seconds as below_time
    from current_result_rows r
    join published_results p on p.quiz_id = r.quiz_id and p.revision = r.revision
    join quizzes q on q.id = r.quiz_id
    left join lateral (select x.rank, x.score, x.time_taken_seconds from result_rows x
      where x.quiz_id = r.quiz_id and x.revision = r.revision and x.rank < r.rank order by x.rank desc limit 1) above on true
    left join lateral (select x.rank, x.score, x.time_taken_seconds from result_rows x
      where x.quiz_id = r.quiz_id and x.revision = r.revision and x.rank > r.rank order by x.rank asc limit 1) below on true
    where r.participant_id = ${userId}
    order by p.published_at desc`);
  return rows.rows.map((row) => {
    // numeric arrives as text: exact to two places, a number to show and compare.
    const mine = { rank: row.rank, score: Number(row.score), timeTakenSeconds: row.time_taken_seconds, tiedWith: row.tied_with };
    const neighbour = (rank: number | null, score: string | null, time: number | null) =>
      rank === null ? null : { rank, score: Number(score ?? 0), timeTakenSeconds: time ?? 0 };
    return {
      quizId: row.quiz_id,
      title: row.title,
      titleHi: row.title_hi,
      revision: row.revision,
      digest: row.digest,
      /** How the public results file names this participant (null before such files existed): for their eyes only. */
      pseudonym: row.pseudonym,
      rank: row.rank,
      of: row.of,
      score: mine.score,
      timeTakenSeconds: row.time_taken_seconds,
      prizePaise: row.prize_paise,
      /** What was paid of a cash prize already: after a revision raised it, the rest is still to claim. */
      prizePaidPaise: row.paid_paise,
      freePass: row.free_pass,
      placement: explainPlacement(mine, neighbour(row.above_rank, row.above_score, row.above_time), neighbour(row.below_rank, row.below_score, row.below_time)),
    };
  });
});
