import { and, desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as clockRoute } from "@/app/api/exam/[quizId]/clock/route";
import { GET as listRoute, PUT as grantRoute } from "@/app/api/quizzes/[quizId]/extra-time/route";
import { POST as removeRoute } from "@/app/api/quizzes/[quizId]/extra-time/remove/route";
import { attempts, auditLog, extraTimeGrants } from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { config } from "@/lib/config";
import { closeDatabase, connectDatabase, getDb } from "@/lib/db";
import { DEMO_QUIZ_ID } from "@/lib/seed";
import { Conflict, Forbidden } from "@/lib/errors";
import { finaliseOverdueAttempts, resumeExam, saveAnswer, startExam, submitExam } from "@/lib/exam";
import { grantExtraTime } from "@/lib/review";
import { catalogued, EXTRA_TIME_NOT_REGISTERED, EXTRA_TIME_REASON_REQUIRED, EXTRA_TIME_SUBMITTED, EXTRA_TIME_TIME_UP, TIME_UP } from "@/lib/catalogue";
import { expireAttempt, openExam, paidParticipant } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";

afterAll(closeDatabase);

const REASON = "Dyslexia assessment on file: 10 minutes agreed with the school.";
const MINUTE = 60_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function grant(as: ActiveUser | null, quizId: string, json: unknown) {
  return call(grantRoute, { method: "PUT", as, params: { quizId }, json });
}

async function attemptOf(attemptId: string) {
  const db = await getDb();
  const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  return row;
}

async function auditFor(participantId: string, action: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(and(eq(auditLog.subjectId, participantId), eq(auditLog.action, action))).orderBy(desc(auditLog.id));
}

async function grantsOf(quizId: string) {
  const db = await getDb();
  return db.select().from(extraTimeGrants).where(eq(extraTimeGrants.quizId, quizId));
}

function save(user: ActiveUser, quizId: string, questionId: string, now: Date) {
  return saveAnswer(user, quizId, { questionId, selectedOptionIndex: 1, answeredAt: now, currentQuestionIndex: 0, timeLeftSeconds: 3000 }, now);
}

describe("extra time on a running attempt", () => {
  it("moves the server deadline by exactly 10 minutes, and a save after the old deadline but before the new one counts", async () => {
    const { quiz, questionIds } = await openExam({ durationSeconds: 1800 });
    const user = await paidParticipant(quiz.id);
    const boss = await admin();
    const startedAt = new Date();
    const view = await startExam(user, quiz.id, startedAt);
    const originalDeadline = new Date(view.deadlineAt);

    const { status, body } = await grant(boss, quiz.id, { email: user.email, unit: "minutes", amount: 10, reason: REASON });
    expect(status).toBe(200);
    expect(body.message).toBe("Extra time granted.");

    const row = await attemptOf(view.attemptId);
    expect(row.deadlineAt.getTime() - originalDeadline.getTime()).toBe(10 * MINUTE);
    expect(row.extraSeconds).toBe(600);
    // The time left the participant's timer is given moves by the same 10 minutes.
    const resumed = await resumeExam(user, quiz.id, startedAt);
    expect(resumed!.timeLeftSeconds - view.timeLeftSeconds).toBe(600);
    expect(new Date(resumed!.deadlineAt).getTime() - originalDeadline.getTime()).toBe(10 * MINUTE);
    // The running exam's clock route reports the moved deadline.
    const clock = await call(clockRoute, { as: user, params: { quizId: quiz.id } });
    expect(clock.status).toBe(200);
    expect(clock.body.deadlineAt).toBe(row.deadlineAt.toISOString());

    // Past the old deadline and its network grace: only the extra time lets it in.
    const pastGrace = (config.competition.networkGraceSeconds + 1) * 1000;
    const afterOldDeadline = new Date(originalDeadline.getTime() + pastGrace);
    // The save counts, and answers with the new deadline: the running exam learns it from there.
    expect(await save(user, quiz.id, questionIds[0], afterOldDeadline)).toEqual({ saved: true, deadlineAt: row.deadlineAt.toISOString() });
    // Nothing finalises it at the old deadline: the overdue job follows the new one.
    expect(await finaliseOverdueAttempts(boss, { quizId: quiz.id, now: afterOldDeadline })).toEqual([]);
    expect((await attemptOf(view.attemptId)).submittedAt).toBeNull();

    const afterNewDeadline = new Date(row.deadlineAt.getTime() + pastGrace);
    await expect(save(user, quiz.id, questionIds[1], afterNewDeadline)).rejects.toThrow(new Conflict(catalogued(TIME_UP)));
    expect((await attemptOf(view.attemptId)).submittedAt).not.toBeNull();
  });

  it("changes a grant by the difference and removes it, each audited with its reason", async () => {
    const { quiz } = await openExam({ durationSeconds: 1800 });
    const user = await paidParticipant(quiz.id);
    const boss = await admin();
    const view = await startExam(user, quiz.id);
    const originalDeadline = new Date(view.deadlineAt).getTime();

    expect((await grant(boss, quiz.id, { email: user.email, unit: "minutes", amount: 10, reason: REASON })).status).toBe(200);
    const changed = await grant(boss, quiz.id, { email: user.email, unit: "percent", amount: 25, reason: "Changed: 25 % as the school's letter says." });
    expect(changed.status).toBe(200);
    expect((await attemptOf(view.attemptId)).deadlineAt.getTime() - originalDeadline).toBe(450_000);
    expect(await grantsOf(quiz.id)).toHaveLength(1);

    const removed = await call(removeRoute, { as: boss, params: { quizId: quiz.id }, json: { participantId: user.id, reason: "Granted to the wrong participant." } });
    expect(removed.status).toBe(200);
    expect((await attemptOf(view.attemptId)).deadlineAt.getTime()).toBe(originalDeadline);
    expect(await grantsOf(quiz.id)).toHaveLength(0);
    const [removal] = await auditFor(user.id, "extraTime.remove");
    expect(removal).toMatchObject({ actorId: boss.id, reason: "Granted to the wrong participant." });
    expect(await auditFor(user.id, "extraTime.grant")).toHaveLength(2);
  });
});

describe("extra time granted before the start", () => {
  it("lengthens the deadline and the time left when the attempt starts", async () => {
    const { quiz } = await openExam({ durationSeconds: 1800 });
    const user = await paidParticipant(quiz.id);
    const boss = await admin();
    expect((await grant(boss, quiz.id, { email: user.email.toUpperCase(), unit: "percent", amount: 25, reason: REASON })).status).toBe(200);

    const now = new Date();
    const view = await startExam(user, quiz.id, now);
    expect(view.timeLeftSeconds).toBe(1800 + 450);
    expect(new Date(view.deadlineAt).getTime()).toBe(now.getTime() + (1800 + 450) * 1000);
    expect((await attemptOf(view.attemptId)).extraSeconds).toBe(450);

    const listed = await call(listRoute, { as: boss, params: { quizId: quiz.id } });
    expect(listed.status).toBe(200);
    expect(listed.body.grants).toMatchObject([{ participantId: user.id, unit: "percent", amount: 25, extraSeconds: 450, reason: REASON, standing: "running" }]);
  });

  it("runs past the window's close by the extra time and no more (one clock, SPEC §10)", async () => {
    const { quiz } = await openExam({ durationSeconds: 1800 });
    const user = await paidParticipant(quiz.id);
    expect((await grant(await admin(), quiz.id, { email: user.email, unit: "minutes", amount: 10, reason: REASON })).status).toBe(200);
    const view = await startExam(user, quiz.id, new Date(quiz.examEndAt.getTime() - 60_000));
    expect(new Date(view.deadlineAt).getTime()).toBe(quiz.examEndAt.getTime() + 600_000);
    expect(view.timeLeftSeconds).toBe(60 + 600);
  });

  it("reaches an attempt whose start was under way while the grant was made", async () => {
    const { quiz } = await openExam({ durationSeconds: 1800 });
    const user = await paidParticipant(quiz.id);
    const boss = await admin();
    // Holds every new attempt at its insert: the start has read its (empty) grant and waits there.
    const { pool } = await connectDatabase();
    const blocker = await pool.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table attempts in share mode");
      const now = new Date();
      const starting = startExam(user, quiz.id, now);
      await pause(300);
      const granting = grantExtraTime(boss, quiz.id, { email: user.email, unit: "minutes", amount: 10, reason: REASON });
      await pause(300);
      await blocker.query("commit");
      const [view] = await Promise.all([starting, granting]);

      const row = await attemptOf(view.attemptId);
      expect(row.extraSeconds).toBe(600);
      expect(row.deadlineAt.getTime()).toBe(now.getTime() + (1800 + 600) * 1000);
    } finally {
      await blocker.query("rollback").catch(() => undefined);
      blocker.release();
    }
  });
});

describe("what extra time refuses", () => {
  it("refuses a submitted attempt with 409 and its message, changing nothing and recording nothing", async () => {
    const { quiz } = await openExam();
    const user = await paidParticipant(quiz.id);
    const boss = await admin();
    const view = await startExam(user, quiz.id);
    await submitExam(user, quiz.id);
    const before = await attemptOf(view.attemptId);

    const { status, body } = await grant(boss, quiz.id, { email: user.email, unit: "minutes", amount: 10, reason: REASON });
    expect(status).toBe(409);
    expect(body).toEqual({ message: EXTRA_TIME_SUBMITTED });
    expect(await attemptOf(view.attemptId)).toEqual(before);
    expect(await grantsOf(quiz.id)).toHaveLength(0);
    expect(await auditFor(user.id, "extraTime.grant")).toHaveLength(0);
  });

  it("refuses an attempt whose time already ran out, even before the job submitted it", async () => {
    const { quiz } = await openExam();
    const user = await paidParticipant(quiz.id);
    const view = await startExam(user, quiz.id);
    const boss = await admin();
    await expireAttempt(view.attemptId, { justNow: true });
    const { status, body } = await grant(boss, quiz.id, { email: user.email, unit: "minutes", amount: 10, reason: REASON });
    expect(status).toBe(409);
    expect(body).toEqual({ message: EXTRA_TIME_TIME_UP });
  });

  it("records the grant with its reason and the acting admin in the audit trail", async () => {
    const { quiz } = await openExam();
    const user = await paidParticipant(quiz.id);
    const boss = await admin();
    expect((await grant(boss, quiz.id, { email: user.email, unit: "minutes", amount: 10, reason: REASON })).status).toBe(200);
    const [entry] = await auditFor(user.id, "extraTime.grant");
    expect(entry).toMatchObject({ actorId: boss.id, subjectType: "user", subjectId: user.id, reason: REASON });
    expect(entry.before).toMatchObject({ quizId: quiz.id, extraSeconds: 0, deadlineAt: null });
    expect(entry.after).toMatchObject({ quizId: quiz.id, unit: "minutes", amount: 10, extraSeconds: 600 });
    expect(await grantsOf(quiz.id)).toMatchObject([{ participantId: user.id, reason: REASON, grantedById: boss.id }]);
  });

  it("is for admins only: a participant is refused 403 (even for themselves) and a visitor 401", async () => {
    const { quiz } = await openExam();
    const user = await paidParticipant(quiz.id);
    const input = { email: user.email, unit: "minutes", amount: 10, reason: REASON };
    const asParticipant = await grant(user, quiz.id, input);
    expect(asParticipant.status).toBe(403);
    expect(asParticipant.body).toEqual({ message: "Only admins can do this." });
    expect((await grant(null, quiz.id, input)).status).toBe(401);
    expect((await call(listRoute, { as: await participant(), params: { quizId: quiz.id } })).status).toBe(403);
    expect((await call(removeRoute, { as: user, params: { quizId: quiz.id }, json: { participantId: user.id, reason: REASON } })).status).toBe(403);
    await expect(grantExtraTime(user, quiz.id, { email: user.email, unit: "minutes", amount: 10, reason: REASON })).rejects.toThrow(Forbidden);
    expect(await grantsOf(quiz.id)).toHaveLength(0);
  });

  it("lists no grants for the demo quiz (practice, no one is granted time on it), and a quiz that does not exist is 404", async () => {
    const boss = await admin();
    const demo = await call(listRoute, { as: boss, params: { quizId: DEMO_QUIZ_ID } });
    expect(demo.status).toBe(200);
    expect(demo.body.grants).toEqual([]);
    expect((await call(listRoute, { as: boss, params: { quizId: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
  });

  it("refuses invalid input with 400 and the reason, and an unregistered participant with 404", async () => {
    const { quiz } = await openExam();
    const user = await paidParticipant(quiz.id);
    const boss = await admin();
    const valid = { email: user.email, unit: "minutes", amount: 10, reason: REASON };
    const refusals: [unknown, string][] = [
      [{ ...valid, reason: "" }, EXTRA_TIME_REASON_REQUIRED],
      [{ ...valid, reason: "because" }, EXTRA_TIME_REASON_REQUIRED],
      [{ ...valid, amount: 0 }, "Extra time must be a whole number from 1 to 240."],
      [{ ...valid, amount: 2.5 }, "Extra time must be a whole number from 1 to 240."],
      [{ ...valid, amount: 241 }, "Extra time must be a whole number from 1 to 240."],
      [{ ...valid, unit: "percent", amount: 201 }, "Extra time must be a whole percentage from 1 to 200."],
      [{ ...valid, unit: "hours" }, "Choose minutes or a percentage of the quiz duration."],
      [{ ...valid, email: "not an email" }, "Enter a valid email address."],
    ];
    for (const [input, message] of refusals) {
      const { status, body } = await grant(boss, quiz.id, input);
      expect({ input, status, body }).toEqual({ input, status: 400, body: { message } });
    }
    const stranger = await participant();
    const unregistered = await grant(boss, quiz.id, { ...valid, email: stranger.email });
    expect(unregistered).toMatchObject({ status: 404, body: { message: EXTRA_TIME_NOT_REGISTERED } });
    expect(await grantsOf(quiz.id)).toHaveLength(0);
  });
});
