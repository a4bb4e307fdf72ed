import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { attempts, quizzes } from "@/db/schema";
import { step } from "@/lib/auth";
import { config } from "@/lib/config";
import type { Queryable } from "@/lib/db";

/**
 * One clock for everyone (SPEC §10, a deliberate departure from §4): an attempt's time never
 * stops. Its deadline (attempts.deadline_at) is its start plus the time the window allows (the
 * quiz's duration, or less when the window closes sooner) plus any extra time granted, so never
 * past the window's close plus that extra time. Saves and the submission sent in time may arrive
 * up to the network grace later (`EXAM_NETWORK_GRACE_SECONDS`, at most 15 s); after that they are
 * refused, and the attempt stands as saved by its deadline.
 */

export const networkGraceSeconds = config.competition.networkGraceSeconds;

/** The last moment the server takes the attempt's saves and its submission (exclusive). */
function acceptsUntil(deadlineAt: Date): Date {
  return new Date(deadlineAt.getTime() + networkGraceSeconds * 1000);
}

/** True once the attempt's time and its grace are over, whether or not it was submitted yet. */
export function timeIsUp(deadlineAt: Date, now: Date): boolean {
  return acceptsUntil(deadlineAt) <= now;
}

/** `deadline_at` plus the grace, in SQL, for the attempt aliased `a` or any column given. */
export function acceptingUntilSql(deadlineAt = sql`a.deadline_at`) {
  return sql`(${deadlineAt} + make_interval(secs => ${networkGraceSeconds}))`;
}

/**
 * When the quiz's last attempt that may still be answering stops being taken (a late starter has
 * until their own deadline, past the window's end, and the network grace after it), or null when
 * none can: nothing final is published (the key, the results), and no score shown, before.
 */
export const lastRunningDeadline = step(async (db: Queryable, quizId: string, now: Date): Promise<Date | null> => {
  const [running] = await db
    .select({ deadlineAt: attempts.deadlineAt })
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), isNull(attempts.submittedAt), sql`${acceptingUntilSql(sql`${attempts.deadlineAt}`)} > ${now}`))
    .orderBy(desc(attempts.deadlineAt))
    .limit(1);
  return running ? acceptsUntil(running.deadlineAt) : null;
});

type Quiz = Pick<typeof quizzes.$inferSelect, "id" | "examEndAt">;

/**
 * Scores after the window (SPEC §10): a participant's score and review appear once the quiz's
 * exam window has closed and nobody (extra time, a late start) can still answer; until then a
 * spare account's score would give the key away to those still sitting the exam.
 */
export async function scoresShown(db: Queryable, quiz: Quiz, now: Date): Promise<boolean> {
  if (now < quiz.examEndAt) return false;
  return (await lastRunningDeadline(db, quiz.id, now)) === null;
}
