import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { attemptAnswers, attempts, quizzes } from "@/db/schema";
import { SYSTEM, VISITOR, type Actor } from "@/lib/auth";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { Conflict, Forbidden, NotFound, Unauthenticated } from "@/lib/errors";
import { ALREADY_SUBMITTED, catalogued, examRefusalMessage, TIME_UP } from "@/lib/catalogue";
import { expireAttempt, finalisingAlone, openExam, paidParticipant } from "@/tests/support/exam";
import { WEBM_HEADER_SLICE, webmContinuation } from "@/tests/support/recording";
import { listResponses, responseDetail } from "@/lib/review";
import { admin, participant } from "@/tests/support/users";
import { countRows } from "@/tests/support/wallet";
import {
  examAccess,
  finaliseOverdueAttempts,
  nextRecordingSequence,
  recordFocusEvents,
  resumeExam,
  saveAnswer,
  saveResponse,
  startExam,
  storeRecordingChunk,
  submitExam,
} from "./index";

afterAll(closeDatabase);

const WEBM = new Uint8Array(WEBM_HEADER_SLICE);

function save(user: Actor, quizId: string, questionId: string, selectedOptionIndex: number | null, answeredAt = new Date(), now?: Date) {
  return saveAnswer(user, quizId, { questionId, selectedOptionIndex, answeredAt, currentQuestionIndex: 0, timeLeftSeconds: 1500 }, now);
}

async function attemptRow(attemptId: string) {
  const db = await getDb();
  const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  return row;
}

/** An open exam, a paid participant, and the attempt they started. */
async function started(options: Parameters<typeof openExam>[0] = {}) {
  const { quiz, questionIds } = await openExam(options);
  const user = await paidParticipant(quiz.id);
  const view = await startExam(user, quiz.id);
  return { quiz, questionIds, user, view };
}

describe("the exam door", () => {
  it("refuses a visitor every exam service with Unauthenticated and starts no attempt", async () => {
    const { quiz, questionIds } = await openExam();
    const refusals = [
      examAccess(VISITOR, quiz.id),
      startExam(VISITOR, quiz.id),
      resumeExam(VISITOR, quiz.id),
      save(VISITOR, quiz.id, questionIds[0], 1),
      submitExam(VISITOR, quiz.id),
      saveResponse(VISITOR, { participantId: "", quizId: quiz.id, answers: [] }),
      recordFocusEvents(VISITOR, quiz.id, [{ kind: "blur", occurredAt: new Date() }]),
      storeRecordingChunk(VISITOR, quiz.id, "video", 0, new File([WEBM], "0.webm")),
      nextRecordingSequence(VISITOR, quiz.id),
      finaliseOverdueAttempts(VISITOR),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toThrow(Unauthenticated);
    expect(await countRows(attempts, eq(attempts.quizId, quiz.id))).toBe(0);
  });

  it("refuses saveResponse for another participant, even from an admin, and leaves their attempt untouched", async () => {
    const { quiz, questionIds, user: owner, view } = await started();
    for (const intruder of [await participant(), await admin()]) {
      const forged = saveResponse(intruder, { participantId: owner.id, quizId: quiz.id, answers: [{ questionId: questionIds[0], selectedOptionIndex: 2 }] });
      await expect(forged).rejects.toThrow(new Forbidden(catalogued("You can submit only your own response.")));
    }
    expect(await countRows(attemptAnswers, eq(attemptAnswers.attemptId, view.attemptId))).toBe(0);
    expect((await attemptRow(view.attemptId)).submittedAt).toBeNull();
  });
});

describe("starting", () => {
  it("lets only a paid participant in, and only inside the exam window", async () => {
    const { quiz } = await openExam();
    const unpaid = await participant();
    expect(await examAccess(unpaid, quiz.id)).toMatchObject({ allowed: false, refusal: { reason: "not-paid" } });
    await expect(startExam(unpaid, quiz.id)).rejects.toThrow(Forbidden);
    expect(await countRows(attempts, eq(attempts.participantId, unpaid.id))).toBe(0);

    const paid = await paidParticipant(quiz.id);
    expect(await examAccess(paid, quiz.id, new Date(quiz.examStartAt.getTime() - 1))).toMatchObject({ allowed: false, refusal: { reason: "not-open", opensAt: quiz.examStartAt } });
    expect(await examAccess(paid, quiz.id, quiz.examEndAt)).toMatchObject({ allowed: false, refusal: { reason: "closed" } });
    expect(await examAccess(paid, quiz.id)).toMatchObject({ allowed: true, attempt: null });
  });

  it("starts no attempt, in the database itself, unless the entry fee is verified and the window is open", async () => {
    const { quiz } = await openExam();
    const [unpaid, paid] = [await participant(), await paidParticipant(quiz.id)];
    const db = await getDb();
    // The start's own statement, as a script with the app's database login could call it.
    const startedInDatabase = async (userId: string, at: Date) =>
      (await db.execute<{ created: boolean }>(sql`select created from start_exam(${userId}::uuid, null, ${quiz.id}::uuid, 7, ${at.toISOString()}::timestamptz)`)).rows[0].created;
    expect(await startedInDatabase(unpaid.id, new Date())).toBe(false);
    expect(await startedInDatabase(paid.id, new Date(quiz.examStartAt.getTime() - 1))).toBe(false);
    expect(await startedInDatabase(paid.id, quiz.examEndAt)).toBe(false);
    expect(await countRows(attempts, eq(attempts.quizId, quiz.id))).toBe(0);

    await expect(startExam(unpaid, quiz.id)).rejects.toThrow(new Forbidden(examRefusalMessage({ reason: "not-paid" })));
    await expect(startExam(paid, quiz.id, quiz.examEndAt)).rejects.toThrow(new Forbidden(examRefusalMessage({ reason: "closed" })));
    await expect(startExam(paid, "00000000-0000-4000-8000-000000000000")).rejects.toThrow(NotFound);
    expect(await countRows(attempts, eq(attempts.quizId, quiz.id))).toBe(0);

    expect(await startedInDatabase(paid.id, new Date())).toBe(true);
    // Once started, the attempt is the participant's to resume, even past the window's close.
    expect((await startExam(paid, quiz.id, quiz.examEndAt)).questions.length).toBeGreaterThan(0);
  });

  it("is idempotent: starts at the same moment make one attempt with one clock", async () => {
    const { quiz } = await openExam();
    const user = await paidParticipant(quiz.id);
    const views = await Promise.all([startExam(user, quiz.id), startExam(user, quiz.id), startExam(user, quiz.id)]);
    expect(new Set(views.map((view) => view.attemptId)).size).toBe(1);
    expect(new Set(views.map((view) => view.deadlineAt)).size).toBe(1);
    expect(await countRows(attempts, and(eq(attempts.participantId, user.id), eq(attempts.quizId, quiz.id)))).toBe(1);
  });

  it("sets the deadline on the server: the duration, cut short by the window's end, and no pause allowance (one clock)", async () => {
    const { quiz } = await openExam({ durationSeconds: 1800 });
    const user = await paidParticipant(quiz.id);
    const now = new Date(quiz.examEndAt.getTime() - 60_000);
    const view = await startExam(user, quiz.id, now);
    expect(view.timeLeftSeconds).toBe(60);
    expect(new Date(view.deadlineAt).getTime()).toBe(now.getTime() + 60 * 1000);
    expect(new Date(view.deadlineAt).getTime()).toBe(quiz.examEndAt.getTime());
  });
});

describe("saving answers", () => {
  it("keeps the newer answer when an older save arrives later, and a browser clock ahead cannot block later saves", async () => {
    const { quiz, questionIds, user } = await started({ correct: 3 });
    const now = Date.now();
    expect(await save(user, quiz.id, questionIds[0], 3, new Date(now))).toMatchObject({ saved: true });
    expect(await save(user, quiz.id, questionIds[0], 0, new Date(now - 5_000))).toMatchObject({ saved: false });

    // Chosen "an hour from now" by a fast clock: stored as the server's now instead.
    expect(await save(user, quiz.id, questionIds[1], 1, new Date(now + 3_600_000), new Date(now))).toMatchObject({ saved: true });
    expect(await save(user, quiz.id, questionIds[1], 2, new Date(now + 1_000), new Date(now + 1_000))).toMatchObject({ saved: true });

    expect((await resumeExam(user, quiz.id))!.answers).toEqual({ [questionIds[0]]: 3, [questionIds[1]]: 2 });
  });

  it("refuses a save after the deadline and its network grace, and submits what was saved by then", async () => {
    const { quiz, questionIds, user, view } = await started({ correct: 1 });
    await save(user, quiz.id, questionIds[0], 1);
    const afterDeadline = new Date(new Date(view.deadlineAt).getTime() + (config.competition.networkGraceSeconds + 1) * 1000);
    await expect(save(user, quiz.id, questionIds[1], 1, afterDeadline, afterDeadline)).rejects.toThrow(new Conflict(catalogued(TIME_UP)));

    const row = await attemptRow(view.attemptId);
    expect(row.submittedAt).not.toBeNull();
    expect(row.score).toBe(1);
    await expect(save(user, quiz.id, questionIds[2], 1)).rejects.toThrow(ALREADY_SUBMITTED);
    expect(await countRows(attemptAnswers, eq(attemptAnswers.attemptId, view.attemptId))).toBe(1);
  });

  it("scores on the server from the stored answers, with the quiz's marking scheme: marks for a right answer, a deduction for a wrong one, nothing for a cleared one", async () => {
    const { quiz, questionIds, user } = await started({ count: 4, correct: 1, marksPerQuestion: 2, wrongAnswerMarks: 1 });
    const db = await getDb();
    const now = Date.now();
    await save(user, quiz.id, questionIds[0], 1, new Date(now - 3_000));
    await save(user, quiz.id, questionIds[1], 1, new Date(now - 3_000));
    await save(user, quiz.id, questionIds[2], 1, new Date(now - 3_000));
    await save(user, quiz.id, questionIds[2], null, new Date(now - 1_000));
    await save(user, quiz.id, questionIds[3], 0, new Date(now - 3_000));

    // The score is shown once the exam window has closed (SPEC §10).
    await db.update(quizzes).set({ examEndAt: new Date() }).where(eq(quizzes.id, quiz.id));
    const done = await submitExam(user, quiz.id);
    // Two right (+2 each), one cleared (0), one wrong (−1).
    expect(done.submitted).toMatchObject({ score: 3, totalMarks: 8 });
    expect((await submitExam(user, quiz.id)).submitted).toEqual(done.submitted);
  });
});

describe("finalising overdue attempts", () => {
  it("is refused to a participant, and SYSTEM submits an overdue attempt once, at its deadline, with its saved answers", async () => {
    const { quiz, questionIds, user, view } = await started({ correct: 0 });
    await save(user, quiz.id, questionIds[0], 0);
    await save(user, quiz.id, questionIds[1], 0);
    await finalisingAlone(async () => {
      await expireAttempt(view.attemptId);
      await expect(finaliseOverdueAttempts(user)).rejects.toThrow(new Forbidden(catalogued("Only admins can do this.")));
      expect((await attemptRow(view.attemptId)).submittedAt).toBeNull();
      expect(await finaliseOverdueAttempts(SYSTEM)).toContain(view.attemptId);
    });
    const row = await attemptRow(view.attemptId);
    expect(row.score).toBe(2);
    expect(row.submittedAt).toEqual(row.deadlineAt);
    expect(await finaliseOverdueAttempts(SYSTEM)).not.toContain(view.attemptId);
    expect((await attemptRow(view.attemptId)).submittedAt).toEqual(row.submittedAt);
  });
});

describe("proctoring", () => {
  it("records focus events on the participant's own attempt, and shows them with the answers to admins", async () => {
    const { quiz, questionIds, user, view } = await started({ correct: 2 });
    await save(user, quiz.id, questionIds[0], 1);
    const at = Date.now();
    const events = [
      { kind: "visibility-hidden", occurredAt: new Date(at - 2_000), durationMs: 1_500 },
      { kind: "paste", occurredAt: new Date(at - 1_000) },
    ];
    expect(await recordFocusEvents(user, quiz.id, events)).toEqual({ recorded: 2 });
    await expect(recordFocusEvents(await participant(), quiz.id, events)).rejects.toThrow(NotFound);

    const boss = await admin();
    const detail = await responseDetail(boss, view.attemptId);
    expect(detail.events.map((event) => event.kind)).toEqual(["visibility-hidden", "paste"]);
    expect(detail.answers).toEqual([expect.objectContaining({ questionId: questionIds[0], answerType: "single", given: 1, accepted: [2], verdict: "wrong" })]);
    const listed = (await listResponses(boss, quiz.id)).find((response) => response.id === view.attemptId);
    expect(listed).toMatchObject({ participantId: user.id, answered: 1, focusLosses: 1, blockedActions: 1 });
  });

  it("continues a recording after the last slice held, and refuses slices after the deadline's grace", async () => {
    const { quiz, user, view } = await started();
    expect(await nextRecordingSequence(user, quiz.id)).toBe(0);
    await storeRecordingChunk(user, quiz.id, "video", 0, new File([WEBM], "0.webm"));
    await storeRecordingChunk(user, quiz.id, "video", 1, new File([new Uint8Array(webmContinuation(20, 2))], "1.webm"));
    expect(await nextRecordingSequence(user, quiz.id)).toBe(2);
    expect(await nextRecordingSequence(await participant(), quiz.id)).toBe(0);

    const tooLate = new Date(new Date(view.deadlineAt).getTime() + config.proctoring.lateUploadGraceSeconds * 1000 + 1);
    await expect(storeRecordingChunk(user, quiz.id, "video", 2, new File([new Uint8Array(webmContinuation(20, 3))], "2.webm"), tooLate)).rejects.toThrow(Conflict);
    expect(await nextRecordingSequence(user, quiz.id)).toBe(2);
  });
});
