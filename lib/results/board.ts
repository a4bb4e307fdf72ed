import "server-only";
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import { publishedResults, quizzes, resultRows, users } from "@/db/schema";
import { authorize, service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { frozenRowColumns } from "./frozen";
import { explainPlacement, type PrizeTier } from "./ranking";

/**
 * The winners of every quiz whose results are published, newest first, read from the frozen
 * rows: two queries however many quizzes and participants there are.
 */
export const publishedWinners = service("results.view", async () => {
  const db = await getDb();
  const published = await db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      contestModel: quizzes.contestModel,
      publishedAt: publishedResults.publishedAt,
      digest: publishedResults.digest,
      /** Published with a public results file (format 2) to download. */
      resultsFile: sql<boolean>`${publishedResults.digestFormat} = 2`,
      prizes: publishedResults.prizeTable,
    })
    .from(publishedResults)
    .innerJoin(quizzes, eq(quizzes.id, publishedResults.quizId))
    .orderBy(desc(publishedResults.publishedAt));
  if (published.length === 0) return [];
  const winners = await db
    .select({ quizId: resultRows.quizId, name: users.name, ...frozenRowColumns })
    .from(resultRows)
    .innerJoin(users, eq(users.id, resultRows.participantId))
    .where(and(inArray(resultRows.quizId, published.map((quiz) => quiz.id)), or(sql`${resultRows.prizePaise} > 0`, eq(resultRows.freePass, true))))
    .orderBy(asc(resultRows.rank), asc(resultRows.participantId));
  return published.map((quiz) => ({
    ...quiz,
    prizes: quiz.prizes as PrizeTier[],
    winners: winners.filter((row) => row.quizId === quiz.id),
  }));
});

export type PublishedBoard = Awaited<ReturnType<typeof publishedWinners>>[number];

/**
 * A participant's own frozen result in every published quiz they took, with the rows just above
 * and below theirs, so the page can say which rule placed them where they are, and their
 * pseudonym, so they can find their row in the public results file.
 */
export const myPublishedRanks = service("results.viewOwn", async (actor, userId: string) => {
  authorize(actor, "results.viewOwn", userId);
  const db = await getDb();
  const rows = await db.execute<{
    quiz_id: string;
    title: string;
    digest: string;
    pseudonym: string | null;
    rank: number;
    score: number;
    time_taken_seconds: number;
    prize_paise: number;
    free_pass: boolean;
    of: number;
    tied_with: number;
    above_rank: number | null;
    above_score: number | null;
    above_time: number | null;
    below_rank: number | null;
    below_score: number | null;
    below_time: number | null;
  }>(sql`
    select r.quiz_id, q.title, p.digest, r.pseudonym, r.rank, r.score, r.time_taken_seconds, r.prize_paise, r.free_pass,
      (select count(*)::int from result_rows x where x.quiz_id = r.quiz_id) as of,
      (select count(*)::int - 1 from result_rows x where x.quiz_id = r.quiz_id and x.rank = r.rank) as tied_with,
      above.rank as above_rank, above.score as above_score, above.time_taken_seconds as above_time,
      below.rank as below_rank, below.score as below_score, below.time_taken_seconds as below_time
    from result_rows r
    join published_results p on p.quiz_id = r.quiz_id
    join quizzes q on q.id = r.quiz_id
    left join lateral (select x.rank, x.score, x.time_taken_seconds from result_rows x
      where x.quiz_id = r.quiz_id and x.rank < r.rank order by x.rank desc limit 1) above on true
    left join lateral (select x.rank, x.score, x.time_taken_seconds from result_rows x
      where x.quiz_id = r.quiz_id and x.rank > r.rank order by x.rank asc limit 1) below on true
    where r.participant_id = ${userId}
    order by p.published_at desc`);
  return rows.rows.map((row) => {
    const mine = { rank: row.rank, score: row.score, timeTakenSeconds: row.time_taken_seconds, tiedWith: row.tied_with };
    const neighbour = (rank: number | null, score: number | null, time: number | null) =>
      rank === null ? null : { rank, score: score ?? 0, timeTakenSeconds: time ?? 0 };
    return {
      quizId: row.quiz_id,
      title: row.title,
      digest: row.digest,
      /** How the public results file names this participant (null before such files existed): for their eyes only. */
      pseudonym: row.pseudonym,
      rank: row.rank,
      of: row.of,
      score: row.score,
      timeTakenSeconds: row.time_taken_seconds,
      prizePaise: row.prize_paise,
      freePass: row.free_pass,
      placement: explainPlacement(mine, neighbour(row.above_rank, row.above_score, row.above_time), neighbour(row.below_rank, row.below_score, row.below_time)),
    };
  });
});
