import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { attempts, extraTimeGrants, quizzes, transactions, users } from "@/db/schema";
import { alias } from "drizzle-orm/pg-core";
import { recordAudit } from "@/lib/audit";
import { service, type Actor } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { message, refusalOf } from "@/lib/catalogue";
import { extraTimeRemovalSchema, extraTimeSchema, type ExtraTimeInput } from "./schemas";

/**
 * Accommodations: extra time an admin grants a participant on a quiz. The grant is kept per
 * participant and quiz; the attempt carries the extra seconds already added to its deadline, so
 * a grant made before the start applies when the attempt starts (lib/exam/service.ts) and one
 * made or changed during the attempt moves its deadline by the difference. Every rule that reads
 * attempts.deadline_at (answer saves, submission, the overdue job, the participant's timer) then
 * follows without knowing about grants.
 */

type Unit = (typeof extraTimeGrants.$inferSelect)["unit"];

/** Rounded up: a percentage never gives the participant a second less than it says. */
function extraSecondsFor(unit: Unit, amount: number, durationSeconds: number): number {
  return unit === "minutes" ? amount * 60 : Math.ceil((durationSeconds * amount) / 100);
}

function checked<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new Invalid(refusalOf(result.error));
  return result.data;
}

export type GrantStanding = "not started" | "running" | "time up" | "submitted";

export interface ExtraTimeGrant {
  participantId: string;
  participantName: string;
  participantEmail: string;
  unit: Unit;
  amount: number;
  extraSeconds: number;
  reason: string;
  grantedByName: string | null;
  updatedAt: Date;
  standing: GrantStanding;
  /** The running or finished attempt's server deadline, with the extra time in it. */
  deadlineAt: Date | null;
}

function standingOf(attempt: { submittedAt: Date | null; deadlineAt: Date } | null, now: Date): GrantStanding {
  if (!attempt) return "not started";
  if (attempt.submittedAt) return "submitted";
  return attempt.deadlineAt <= now ? "time up" : "running";
}

/** The quiz's current grants, by participant name. */
export const listExtraTime = service("exam.grantExtraTime", async (_admin, quizId: string, now: Date = new Date()): Promise<ExtraTimeGrant[]> => {
  const db = await getDb();
  const [quiz] = await db.select({ isDemo: quizzes.isDemo }).from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound(message("examNoQuiz"));
  // The demo quiz is practice: no one is granted time on it, and the Responses tab lists it too.
  if (quiz.isDemo) return [];
  const participant = alias(users, "participant");
  const grantor = alias(users, "grantor");
  const rows = await db
    .select({
      participantId: extraTimeGrants.participantId,
      participantName: participant.name,
      participantEmail: participant.email,
      unit: extraTimeGrants.unit,
      amount: extraTimeGrants.amount,
      extraSeconds: extraTimeGrants.extraSeconds,
      reason: extraTimeGrants.reason,
      grantedByName: grantor.name,
      updatedAt: extraTimeGrants.updatedAt,
      submittedAt: attempts.submittedAt,
      deadlineAt: attempts.deadlineAt,
    })
    .from(extraTimeGrants)
    .innerJoin(participant, eq(participant.id, extraTimeGrants.participantId))
    .leftJoin(grantor, eq(grantor.id, extraTimeGrants.grantedById))
    .leftJoin(attempts, and(eq(attempts.quizId, extraTimeGrants.quizId), eq(attempts.participantId, extraTimeGrants.participantId)))
    .where(eq(extraTimeGrants.quizId, quizId))
    .orderBy(asc(participant.name), asc(participant.email));
  return rows.map(({ submittedAt, deadlineAt, ...row }) => ({
    ...row,
    standing: standingOf(deadlineAt ? { submittedAt, deadlineAt } : null, now),
    deadlineAt,
  }));
});

/**
 * Taken by a grant (and a removal) and by the start of an attempt (the database function
 * `start_attempt`, migration 0020, keys it the same way: the ids as PostgreSQL prints them), for
 * one participant and quiz: a start that is under way when a grant is made either sees the grant
 * or is seen by it, never neither (a start reads the grant after this lock).
 */
async function lockAttemptClock(tx: Queryable, quizId: string, participantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${quizId}::uuid::text || '/' || ${participantId}::uuid::text, 0))`);
}

/**
 * The participant's attempt, locked, and refused once it is over: a submitted attempt, or one
 * whose time ran out (its answers are already final even if the job has not submitted it yet).
 */
async function openAttempt(tx: Queryable, quizId: string, participantId: string, now: Date) {
  await lockAttemptClock(tx, quizId, participantId);
  const [attempt] = await tx
    .select({ id: attempts.id, deadlineAt: attempts.deadlineAt, submittedAt: attempts.submittedAt, extraSeconds: attempts.extraSeconds })
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.participantId, participantId)))
    .for("update");
  if (attempt?.submittedAt) throw new Conflict(message("extraTimeSubmitted"));
  if (attempt && attempt.deadlineAt <= now) throw new Conflict(message("extraTimeTimeUp"));
  return attempt ?? null;
}

/**
 * Moves a running attempt's server deadline and its resumable time left by the change in extra
 * time. A removal can pull the deadline into the past: the attempt then ends, as on time-up.
 */
async function applyToAttempt(tx: Queryable, attempt: { id: string; extraSeconds: number; deadlineAt: Date }, extraSeconds: number): Promise<Date> {
  const delta = extraSeconds - attempt.extraSeconds;
  const [moved] = await tx
    .update(attempts)
    .set({
      deadlineAt: sql`${attempts.deadlineAt} + make_interval(secs => ${delta})`,
      timeLeftSeconds: sql`greatest(0, ${attempts.timeLeftSeconds} + ${delta})`,
      extraSeconds,
    })
    .where(eq(attempts.id, attempt.id))
    .returning({ deadlineAt: attempts.deadlineAt });
  return moved.deadlineAt;
}

/** A registered participant of the quiz (a verified entry, free or paid) or one who started it. */
async function registeredParticipant(tx: Queryable, quizId: string, email: string) {
  const [found] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email}`,
        isNull(users.deletedAt),
        sql`(exists (select 1 from ${transactions} t where t.user_id = ${users.id} and t.quiz_id = ${quizId} and t.type = 'form pay' and t.status = 'verified')
          or exists (select 1 from ${attempts} a where a.participant_id = ${users.id} and a.quiz_id = ${quizId}))`,
      ),
    );
  if (!found) throw new NotFound(message("extraTimeNotRegistered"));
  return found;
}

async function competition(tx: Queryable, quizId: string) {
  const [quiz] = await tx
    .select({ id: quizzes.id, title: quizzes.title, durationSeconds: quizzes.durationSeconds })
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.isDemo, false)));
  if (!quiz) throw new NotFound(message("examNoQuiz"));
  return quiz;
}

function grantState(grant: { unit: Unit; amount: number; extraSeconds: number } | undefined, deadlineAt: Date | null) {
  return grant ? { unit: grant.unit, amount: grant.amount, extraSeconds: grant.extraSeconds, deadlineAt } : { extraSeconds: 0, deadlineAt };
}

/**
 * Grants a registered participant extra time on a quiz, or changes their grant, before they
 * start or while their attempt runs; refused once the attempt is submitted or its time is up.
 * Audited with the reason, the grant and the deadline before and after.
 */
export const grantExtraTime = service("exam.grantExtraTime", async (admin: Actor, quizId: string, input: ExtraTimeInput, now: Date = new Date()) => {
  const grant = checked(extraTimeSchema.safeParse(input));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const quiz = await competition(tx, quizId);
    const participant = await registeredParticipant(tx, quizId, grant.email);
    const attempt = await openAttempt(tx, quizId, participant.id, now);
    const [previous] = await tx
      .select()
      .from(extraTimeGrants)
      .where(and(eq(extraTimeGrants.quizId, quizId), eq(extraTimeGrants.participantId, participant.id)))
      .for("update");
    const extraSeconds = extraSecondsFor(grant.unit, grant.amount, quiz.durationSeconds);
    const values = { unit: grant.unit, amount: grant.amount, extraSeconds, reason: grant.reason, grantedById: admin.id || null, updatedAt: now };
    await tx
      .insert(extraTimeGrants)
      .values({ quizId, participantId: participant.id, ...values })
      .onConflictDoUpdate({ target: [extraTimeGrants.quizId, extraTimeGrants.participantId], set: values });
    const deadlineAt = attempt ? await applyToAttempt(tx, attempt, extraSeconds) : null;
    await recordAudit(tx, admin, {
      action: "extraTime.grant",
      subjectType: "user",
      subjectId: participant.id,
      before: { quizId, quizTitle: quiz.title, ...grantState(previous, attempt?.deadlineAt ?? null) },
      after: { quizId, quizTitle: quiz.title, ...grantState(values, deadlineAt) },
      reason: grant.reason,
    });
    return { participantId: participant.id, extraSeconds, deadlineAt };
  });
});

/** Takes a participant's extra time away (before submission), saying why; audited like a grant. */
export const removeExtraTime = service("exam.grantExtraTime", async (admin: Actor, quizId: string, input: { participantId: string; reason: string }, now: Date = new Date()) => {
  const removal = checked(extraTimeRemovalSchema.safeParse(input));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const quiz = await competition(tx, quizId);
    const [previous] = await tx
      .select()
      .from(extraTimeGrants)
      .where(and(eq(extraTimeGrants.quizId, quizId), eq(extraTimeGrants.participantId, removal.participantId)))
      .for("update");
    if (!previous) throw new NotFound(message("noExtraTime"));
    const attempt = await openAttempt(tx, quizId, removal.participantId, now);
    await tx.delete(extraTimeGrants).where(eq(extraTimeGrants.id, previous.id));
    const deadlineAt = attempt ? await applyToAttempt(tx, attempt, 0) : null;
    await recordAudit(tx, admin, {
      action: "extraTime.remove",
      subjectType: "user",
      subjectId: removal.participantId,
      before: { quizId, quizTitle: quiz.title, ...grantState(previous, attempt?.deadlineAt ?? null) },
      after: { quizId, quizTitle: quiz.title, ...grantState(undefined, deadlineAt) },
      reason: removal.reason,
    });
    return { participantId: removal.participantId, deadlineAt };
  });
});
