import "server-only";
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { attempts, prizeTiers, quizzes, users } from "@/db/schema";
import { authorize, service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { finaliseOverdueAttempts, lastRunningDeadline } from "@/lib/exam";
import { resultsWaitForAttempts } from "@/lib/messages";
import { rankParticipants, type PrizeTier, type Ranked } from "./ranking";

async function tiersFor(db: Queryable, quizId: string): Promise<PrizeTier[]> {
  const own = await db.select().from(prizeTiers).where(eq(prizeTiers.quizId, quizId)).orderBy(asc(prizeTiers.rankFrom));
  return own.length > 0 ? own : db.select().from(prizeTiers).where(isNull(prizeTiers.quizId)).orderBy(asc(prizeTiers.rankFrom));
}

export type RankedParticipant = Ranked & { name: string };

/** Every submitted attempt of a quiz, ranked, with each participant's prize. */
async function quizRanking(quizId: string): Promise<RankedParticipant[]> {
  const db = await getDb();
  const [rows, tiers] = await Promise.all([
    db
      .select({ participantId: attempts.participantId, name: users.name, score: attempts.score, timeTakenSeconds: attempts.timeTakenSeconds })
      .from(attempts)
      .innerJoin(users, eq(users.id, attempts.participantId))
      .where(and(eq(attempts.quizId, quizId), isNotNull(attempts.submittedAt))),
    tiersFor(db, quizId),
  ]);
  const names = new Map(rows.map((row) => [row.participantId, row.name]));
  const ranked = rankParticipants(
    rows.map((row) => ({ participantId: row.participantId, score: row.score ?? 0, timeTakenSeconds: row.timeTakenSeconds ?? 0 })),
    tiers,
  );
  return ranked.map((row) => ({ ...row, name: names.get(row.participantId) ?? "" }));
}

/**
 * Makes a quiz's official results public, once its exam window has closed and no attempt can
 * still be running: a participant who started late has until their own deadline (the window's
 * end plus the pause allowance). Then that quiz's overdue attempts are submitted, so the ranking
 * is final when it is published.
 */
export const publishResults = service("results.publish", async (admin, quizId: string, now: Date = new Date()): Promise<void> => {
  const db = await getDb();
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound("Quiz not found.");
  if (now < quiz.examEndAt) throw new Conflict("Results can be published once the exam window has closed.");
  const running = await lastRunningDeadline(db, quizId, now);
  if (running) throw new Conflict(resultsWaitForAttempts(running));
  await finaliseOverdueAttempts(admin, { quizId, now });
  await db.update(quizzes).set({ resultsPublishedAt: quiz.resultsPublishedAt ?? now }).where(eq(quizzes.id, quizId));
});

/** The winners of every quiz whose results are published, newest quiz first. */
export const publishedWinners = service("results.view", async () => {
  const db = await getDb();
  const published = await db
    .select({ id: quizzes.id, title: quizzes.title, publishedAt: quizzes.resultsPublishedAt })
    .from(quizzes)
    .where(isNotNull(quizzes.resultsPublishedAt))
    .orderBy(desc(quizzes.resultsPublishedAt));
  return Promise.all(
    published.map(async (quiz) => ({
      ...quiz,
      winners: (await quizRanking(quiz.id)).filter((row) => row.prizePaise > 0 || row.freePass),
    })),
  );
});

/** A participant's own official rank in every published quiz they took. */
export const myPublishedRanks = service("results.viewOwn", async (actor, userId: string) => {
  authorize(actor, "results.viewOwn", userId);
  const db = await getDb();
  const taken = await db
    .select({ quizId: quizzes.id, title: quizzes.title })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(and(eq(attempts.participantId, userId), isNotNull(quizzes.resultsPublishedAt), sql`${attempts.submittedAt} is not null`));
  return Promise.all(
    taken.map(async (quiz) => {
      const ranking = await quizRanking(quiz.quizId);
      const mine = ranking.find((row) => row.participantId === userId)!;
      return { ...quiz, rank: mine.rank, of: ranking.length, score: mine.score, prizePaise: mine.prizePaise, freePass: mine.freePass };
    }),
  );
});
