import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { GET as resume } from "@/app/api/exam/[quizId]/route";
import { PUT as saveAnswer } from "@/app/api/exam/[quizId]/answers/route";
import { PUT as saveAnswers } from "@/app/api/exam/[quizId]/answers/batch/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { POST as submit } from "@/app/api/exam/[quizId]/submit/route";
import { GET as recording } from "@/app/api/recordings/[attemptId]/route";
import { GET as responses } from "@/app/api/responses/route";
import { POST as saveResponse } from "@/app/api/saveresponse/route";
import { POST as uploadChunk } from "@/app/api/wasabi/upload-exam-chunk/route";
import { PUT as updateQuestion } from "@/app/api/updatequestions/[id]/route";
import { attemptAnswers, attempts, quizQuestions, recordingChunks } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { finaliseOverdueAttempts } from "@/lib/exam";
import { responseDetail } from "@/lib/review";
import { SYSTEM, type ActiveUser } from "@/lib/auth";
import { storage } from "@/lib/storage";
import { markPaid, openExam } from "../support/exam";
import { call } from "../support/http";
import { NEW_RECORDING_HEADER_SLICE, WEBM_HEADER_SLICE, webmContinuation } from "../support/recording";
import { admin, participant } from "../support/users";

afterAll(closeDatabase);

interface View {
  attemptId: string;
  questions: { id: string; text: string; options: string[]; hi: { text: string; options: string[] } | null }[];
  answers: Record<string, number>;
  currentQuestionIndex: number;
  deadlineAt: string;
  submitted: null | { score: number | null; totalMarks: number; timeTakenSeconds: number };
}

async function readyParticipant(quizId: string) {
  const user = await participant();
  await markPaid(user, quizId);
  return user;
}

async function begin(user: ActiveUser, quizId: string): Promise<View> {
  const { status, body } = await call(start, { as: user, params: { quizId } });
  expect(status).toBe(200);
  return body as unknown as View;
}

function answer(user: ActiveUser, quizId: string, questionId: string, selectedOptionIndex: number | null, answeredAt = new Date(), currentQuestionIndex = 0) {
  return call(saveAnswer, { method: "PUT", as: user, params: { quizId }, json: { questionId, selectedOptionIndex, answeredAt: answeredAt.toISOString(), currentQuestionIndex, timeLeftSeconds: 1500 } });
}

interface BatchEntry {
  questionId: string;
  selectedOptionIndex: number | null;
  answeredAt: Date;
  currentQuestionIndex?: number;
  timeLeftSeconds?: number;
}

function answerBatch(user: ActiveUser, quizId: string, entries: BatchEntry[]) {
  const answers = entries.map(({ answeredAt, currentQuestionIndex = 0, timeLeftSeconds = 1500, ...entry }) => ({ ...entry, answeredAt: answeredAt.toISOString(), currentQuestionIndex, timeLeftSeconds }));
  return call(saveAnswers, { method: "PUT", as: user, params: { quizId }, json: { answers } });
}

/** The original option stored per question of an attempt. */
async function storedOptions(attemptId: string): Promise<Record<string, number | null>> {
  const db = await getDb();
  const rows = await db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId));
  return Object.fromEntries(rows.map((row) => [row.questionId, row.selectedOptionIndex]));
}

/** Moves the attempt's deadline `seconds` into the past (past the network grace unless told). */
async function expire(attemptId: string, seconds = 60) {
  const db = await getDb();
  await db.execute(sql`update attempts set started_at = now() - interval '2 hours', deadline_at = now() - make_interval(secs => ${seconds}) where id = ${attemptId}`);
}

/** Closes the quiz's exam window now: scores are shown from then on, once nobody is still answering (SPEC §10). */
async function closeWindow(quizId: string) {
  const db = await getDb();
  await db.execute(sql`update quizzes set exam_end_at = now() where id = ${quizId}`);
}

function submitted(body: unknown) {
  return (body as View).submitted;
}

describe("the exam", () => {
  it("lets only a participant with a verified payment start", async () => {
    const { quiz } = await openExam();
    const unpaid = await participant();
    const { status, body } = await call(start, { as: unpaid, params: { quizId: quiz.id } });
    expect(status).toBe(403);
    expect(body.message).toMatch(/has not been verified/);
    expect((await call(start, { params: { quizId: quiz.id } })).status).toBe(401);
  });

  it("never sends a correct answer to the participant, and scores on the server", async () => {
    const { quiz, questionIds } = await openExam({ count: 5, correct: 2 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    const bodies = [JSON.stringify(view)];
    for (const [index, questionId] of questionIds.entries()) {
      const saved = await answer(user, quiz.id, questionId, index < 3 ? 2 : 0);
      bodies.push(JSON.stringify(saved.body));
    }
    await closeWindow(quiz.id);
    const done = await call(submit, { as: user, params: { quizId: quiz.id } });
    bodies.push(JSON.stringify(done.body), JSON.stringify((await call(resume, { as: user, params: { quizId: quiz.id } })).body));
    for (const body of bodies) expect(body).not.toMatch(/correct/i);
    expect((done.body as unknown as View).submitted).toMatchObject({ score: 3, totalMarks: 5 });
  });

  it("allows one attempt: starting again resumes it, and it cannot be retaken after submitting", async () => {
    const { quiz, questionIds } = await openExam();
    const user = await readyParticipant(quiz.id);
    const first = await begin(user, quiz.id);
    await answer(user, quiz.id, questionIds[0], 1, new Date(), 3);
    const again = await begin(user, quiz.id);
    expect(again.attemptId).toBe(first.attemptId);
    expect(again.questions.map((question) => question.id)).toEqual(first.questions.map((question) => question.id));
    expect(again.answers).toEqual({ [questionIds[0]]: 1 });
    expect(again.currentQuestionIndex).toBe(3);

    await call(submit, { as: user, params: { quizId: quiz.id } });
    const after = await answer(user, quiz.id, questionIds[1], 2);
    expect(after.status).toBe(409);
    const db = await getDb();
    expect(await db.select().from(attempts).where(eq(attempts.participantId, user.id))).toHaveLength(1);
  });

  it("keeps the newest answer when saves arrive out of order", async () => {
    const { quiz, questionIds } = await openExam({ correct: 3 });
    const user = await readyParticipant(quiz.id);
    await begin(user, quiz.id);
    const earlier = new Date(Date.now() - 5_000);
    await answer(user, quiz.id, questionIds[0], 3, new Date());
    const late = await answer(user, quiz.id, questionIds[0], 0, earlier);
    expect(late.body).toEqual({ saved: false, deadlineAt: expect.any(String) });
    const view = (await call(resume, { as: user, params: { quizId: quiz.id } })).body as unknown as View;
    expect(view.answers[questionIds[0]]).toBe(3);
    await closeWindow(quiz.id);
    expect(((await call(submit, { as: user, params: { quizId: quiz.id } })).body as unknown as View).submitted?.score).toBe(1);
  });

  it("refuses a save after the server deadline and submits what was saved by then", async () => {
    const { quiz, questionIds } = await openExam({ correct: 1 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    await answer(user, quiz.id, questionIds[0], 1);
    await expire(view.attemptId);

    const late = await answer(user, quiz.id, questionIds[1], 1);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Time is up: the answers you saved were submitted.");
    await closeWindow(quiz.id);
    const finished = (await call(resume, { as: user, params: { quizId: quiz.id } })).body as unknown as View;
    expect(finished.submitted).toMatchObject({ score: 1, totalMarks: 5 });
  });

  it("finalises an overdue attempt exactly once, even when two workers run at the same moment", async () => {
    const { quiz, questionIds } = await openExam({ correct: 0 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    await answer(user, quiz.id, questionIds[0], 0);
    await answer(user, quiz.id, questionIds[1], 0);
    await expire(view.attemptId);

    const [first, second] = await Promise.all([finaliseOverdueAttempts(SYSTEM), finaliseOverdueAttempts(SYSTEM)]);
    const db = await getDb();
    const [row] = await db.select().from(attempts).where(eq(attempts.id, view.attemptId));
    expect(row.score).toBe(2);
    expect(row.submittedAt?.getTime()).toBe(row.deadlineAt.getTime());
    expect([...first, ...second].filter((id) => id === view.attemptId)).toHaveLength(1);
    expect(await finaliseOverdueAttempts(SYSTEM)).not.toContain(view.attemptId);
    expect((await db.select().from(attempts).where(eq(attempts.id, view.attemptId)))[0].submittedAt).toEqual(row.submittedAt);
  });

  it("maps shuffled options back to the original answer", async () => {
    const { quiz, questionIds } = await openExam({ count: 3, correct: 2, shuffleOptions: true });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    for (const question of view.questions) {
      await answer(user, quiz.id, question.id, question.options.indexOf("C"));
    }
    await closeWindow(quiz.id);
    const done = (await call(submit, { as: user, params: { quizId: quiz.id } })).body as unknown as View;
    expect(done.submitted?.score).toBe(3);
    expect(questionIds).toHaveLength(3);
  });

  it("sends each question's Hindi version, its options in the participant's own shuffled order, and never the key", async () => {
    const { quiz, questionIds } = await openExam({ count: 6, correct: 2, shuffleOptions: true });
    const boss = await admin();
    const inHindi: Record<string, string> = { A: "क", B: "ख", C: "ग", D: "घ" };
    const [english, ...translated] = questionIds;
    for (const id of translated) {
      const stored = await call(updateQuestion, { method: "PUT", as: boss, params: { id }, json: { text: "Question", subject: "Mathematics", options: ["A", "B", "C", "D"], correctOptionIndex: 2, textHi: "प्रश्न", optionsHi: ["क", "ख", "ग", "घ"] } });
      expect(stored.status).toBe(200);
    }
    const user = await readyParticipant(quiz.id);
    const view = (await call(start, { as: user, params: { quizId: quiz.id } })).body as unknown as View;
    expect(JSON.stringify(view)).not.toMatch(/correctOptionIndex|keyOptionIndex/);
    expect(view.questions.find((question) => question.id === english)?.hi).toBeNull();
    const shown = view.questions.filter((question) => question.id !== english);
    for (const question of shown) {
      expect(question.hi).toEqual({ text: "प्रश्न", options: question.options.map((option) => inHindi[option]) });
    }
    // The participant's order is not the bank's for at least one of five questions (24 orders each).
    expect(shown.some((question) => question.options.join() !== "A,B,C,D")).toBe(true);

    // Answered by position in the Hindi options, every answer is the English one too.
    for (const question of shown) await answer(user, quiz.id, question.id, question.hi!.options.indexOf("ग"));
    const resumed = (await call(resume, { as: user, params: { quizId: quiz.id } })).body as unknown as View;
    expect(resumed.questions.map((question) => question.hi)).toEqual(view.questions.map((question) => question.hi));
    await closeWindow(quiz.id);
    const done = (await call(submit, { as: user, params: { quizId: quiz.id } })).body as unknown as View;
    expect(done.submitted?.score).toBe(5);
  });

  it("ignores a score the client sends to /api/saveresponse", async () => {
    const { quiz, questionIds } = await openExam({ correct: 2 });
    const user = await readyParticipant(quiz.id);
    await begin(user, quiz.id);
    await closeWindow(quiz.id);
    const { status, body } = await call(saveResponse, {
      as: user,
      json: { participantId: user.id, quizId: quiz.id, score: 25, timeTaken: 1, answers: [{ questionId: questionIds[0], selectedOptionIndex: 2 }, { questionId: questionIds[1], selectedOptionIndex: 0 }], focusLogs: [{ kind: "blur", occurredAt: new Date().toISOString() }] },
    });
    expect(status).toBe(200);
    expect((body as unknown as View).submitted?.score).toBe(1);
    const someoneElse = await call(saveResponse, { as: await participant(), json: { participantId: user.id, quizId: quiz.id, answers: [] } });
    expect(someoneElse.status).toBe(403);
  });
});

describe("a batch of answers", () => {
  const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

  it("is stored in one request and counts in the score", async () => {
    const { quiz, questionIds } = await openExam({ count: 5, correct: 2 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    const saved = await answerBatch(user, quiz.id, [
      { questionId: questionIds[0], selectedOptionIndex: 2, answeredAt: secondsAgo(3) },
      { questionId: questionIds[1], selectedOptionIndex: 2, answeredAt: secondsAgo(2) },
      { questionId: questionIds[2], selectedOptionIndex: 0, answeredAt: secondsAgo(1) },
    ]);
    expect(saved).toMatchObject({ status: 200, body: { saved: 3, received: 3, deadlineAt: expect.any(String) } });
    expect(await storedOptions(view.attemptId)).toEqual({ [questionIds[0]]: 2, [questionIds[1]]: 2, [questionIds[2]]: 0 });
    await closeWindow(quiz.id);
    const done = (await call(submit, { as: user, params: { quizId: quiz.id } })).body as unknown as View;
    expect(done.submitted).toMatchObject({ score: 2, totalMarks: 5 });
  });

  it("keeps the newest answer per question, whichever batch arrives first and wherever it sits in its batch", async () => {
    const { quiz, questionIds } = await openExam();
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    const newer = await answerBatch(user, quiz.id, [
      { questionId: questionIds[0], selectedOptionIndex: 3, answeredAt: secondsAgo(10) },
      { questionId: questionIds[1], selectedOptionIndex: 3, answeredAt: secondsAgo(10) },
    ]);
    expect(newer.body).toEqual({ saved: 2, received: 2, deadlineAt: expect.any(String) });
    const older = await answerBatch(user, quiz.id, [
      { questionId: questionIds[0], selectedOptionIndex: 0, answeredAt: secondsAgo(20) },
      { questionId: questionIds[1], selectedOptionIndex: 0, answeredAt: secondsAgo(20) },
    ]);
    expect(older.body).toEqual({ saved: 0, received: 2, deadlineAt: expect.any(String) });

    // Twice the same question in one batch: the later choice wins, not the later entry.
    const twice = await answerBatch(user, quiz.id, [
      { questionId: questionIds[2], selectedOptionIndex: 1, answeredAt: secondsAgo(1) },
      { questionId: questionIds[2], selectedOptionIndex: 0, answeredAt: secondsAgo(5) },
    ]);
    expect(twice.body).toEqual({ saved: 1, received: 2, deadlineAt: expect.any(String) });
    expect(await storedOptions(view.attemptId)).toEqual({ [questionIds[0]]: 3, [questionIds[1]]: 3, [questionIds[2]]: 1 });
  });

  it("takes the place in the exam from the newest choice of the batch", async () => {
    const { quiz, questionIds } = await openExam();
    const user = await readyParticipant(quiz.id);
    await begin(user, quiz.id);
    await answerBatch(user, quiz.id, [
      { questionId: questionIds[0], selectedOptionIndex: 1, answeredAt: secondsAgo(30), currentQuestionIndex: 0, timeLeftSeconds: 1700 },
      { questionId: questionIds[3], selectedOptionIndex: 1, answeredAt: secondsAgo(2), currentQuestionIndex: 3, timeLeftSeconds: 1400 },
      { questionId: questionIds[1], selectedOptionIndex: 1, answeredAt: secondsAgo(20), currentQuestionIndex: 1, timeLeftSeconds: 1600 },
    ]);
    const db = await getDb();
    const [attempt] = await db.select().from(attempts).where(and(eq(attempts.participantId, user.id), eq(attempts.quizId, quiz.id)));
    expect(attempt).toMatchObject({ currentQuestionIndex: 3, timeLeftSeconds: 1400 });
  });

  it("is refused after the deadline, storing none of it and submitting what was saved, and after submission", async () => {
    const { quiz, questionIds } = await openExam({ correct: 1 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    await answer(user, quiz.id, questionIds[0], 1);
    await expire(view.attemptId);
    const late = await answerBatch(user, quiz.id, [
      { questionId: questionIds[1], selectedOptionIndex: 1, answeredAt: secondsAgo(60) },
      { questionId: questionIds[2], selectedOptionIndex: 1, answeredAt: secondsAgo(30) },
    ]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Time is up: the answers you saved were submitted.");
    expect(Object.keys(await storedOptions(view.attemptId))).toEqual([questionIds[0]]);
    await closeWindow(quiz.id);
    const finished = (await call(resume, { as: user, params: { quizId: quiz.id } })).body as unknown as View;
    expect(finished.submitted).toMatchObject({ score: 1 });

    const again = await answerBatch(user, quiz.id, [{ questionId: questionIds[1], selectedOptionIndex: 1, answeredAt: new Date() }]);
    expect(again.status).toBe(409);
    expect(await storedOptions(view.attemptId)).toEqual({ [questionIds[0]]: 1 });
  });

  it("is refused as a whole when one question belongs to another quiz", async () => {
    const { quiz, questionIds } = await openExam();
    const other = await openExam({ count: 1 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    const mixed = await answerBatch(user, quiz.id, [
      { questionId: questionIds[0], selectedOptionIndex: 1, answeredAt: secondsAgo(2), currentQuestionIndex: 4 },
      { questionId: other.questionIds[0], selectedOptionIndex: 1, answeredAt: secondsAgo(1), currentQuestionIndex: 4 },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe("This question is not part of the quiz.");
    expect(await storedOptions(view.attemptId)).toEqual({});
    const [attempt] = await (await getDb()).select().from(attempts).where(eq(attempts.id, view.attemptId));
    expect(attempt.currentQuestionIndex).toBe(0);
  });
});

describe("one clock for everyone (SPEC §10)", () => {
  it("takes a save at the deadline and refuses one 16 s after it", async () => {
    const { quiz, questionIds } = await openExam({ correct: 1 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    await expire(view.attemptId, 0);
    const onTime = await answer(user, quiz.id, questionIds[0], 1);
    expect(onTime.status).toBe(200);
    expect(onTime.body).toMatchObject({ saved: true });

    await expire(view.attemptId, 16);
    const late = await answer(user, quiz.id, questionIds[1], 1);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Time is up: the answers you saved were submitted.");
    expect(await storedOptions(view.attemptId)).toEqual({ [questionIds[0]]: 1 });
  });

  it("refuses a submission 16 s after the deadline, submitting what was saved by then", async () => {
    const { quiz, questionIds } = await openExam({ correct: 1 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    await answer(user, quiz.id, questionIds[0], 1);
    await expire(view.attemptId, 16);
    const late = await call(submit, { as: user, params: { quizId: quiz.id } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe("Time is up: the answers you saved were submitted.");
    const db = await getDb();
    const [row] = await db.select().from(attempts).where(eq(attempts.id, view.attemptId));
    expect(row.submittedAt?.getTime()).toBe(row.deadlineAt.getTime());
    expect(row.score).toBe(1);
  });

  it("sets the deadline at the start plus the duration, with no pause allowance, and never past the window's close", async () => {
    const { quiz } = await openExam({ durationSeconds: 60 });
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    const db = await getDb();
    const [row] = await db.select().from(attempts).where(eq(attempts.id, view.attemptId));
    expect(row.deadlineAt.getTime() - row.startedAt.getTime()).toBe(60_000);

    const closing = await openExam({ durationSeconds: 1800 });
    await db.execute(sql`update quizzes set exam_end_at = now() + interval '30 seconds' where id = ${closing.quiz.id}`);
    const late = await readyParticipant(closing.quiz.id);
    const lateView = await begin(late, closing.quiz.id);
    const [quizRow] = (await db.execute<{ exam_end_at: string }>(sql`select exam_end_at from quizzes where id = ${closing.quiz.id}`)).rows;
    expect(new Date(lateView.deadlineAt).getTime()).toBeLessThanOrEqual(new Date(quizRow.exam_end_at).getTime());
  });

  it("gives the previous release's start (with a pause allowance argument) the same deadline, so instances can be replaced one by one", async () => {
    const { quiz } = await openExam({ durationSeconds: 60 });
    const user = await readyParticipant(quiz.id);
    const db = await getDb();
    const started = new Date();
    const { rows } = await db.execute<{ deadline_at: string }>(
      sql`select deadline_at from start_attempt(${quiz.id}::uuid, ${user.id}::uuid, 1, ${started.toISOString()}::timestamptz, 60, 600)`,
    );
    expect(new Date(rows[0].deadline_at).getTime()).toBe(started.getTime() + 60_000);
  });
});

describe("scores after the window (SPEC §10)", () => {
  it("answers a submission during the open window with no score, and shows the score once the window has closed", async () => {
    const { quiz, questionIds } = await openExam({ correct: 2 });
    const user = await readyParticipant(quiz.id);
    await begin(user, quiz.id);
    await answer(user, quiz.id, questionIds[0], 2);
    const done = await call(submit, { as: user, params: { quizId: quiz.id } });
    expect(done.status).toBe(200);
    expect(submitted(done.body)).toMatchObject({ score: null, totalMarks: 5 });
    expect(submitted((await call(resume, { as: user, params: { quizId: quiz.id } })).body)?.score).toBeNull();
    expect(submitted((await call(start, { as: user, params: { quizId: quiz.id } })).body)?.score).toBeNull();

    await closeWindow(quiz.id);
    expect(submitted((await call(resume, { as: user, params: { quizId: quiz.id } })).body)).toMatchObject({ score: 1, totalMarks: 5 });
  });

  it("answers /api/saveresponse during the open window with no score", async () => {
    const { quiz, questionIds } = await openExam({ correct: 2 });
    const user = await readyParticipant(quiz.id);
    await begin(user, quiz.id);
    const { status, body } = await call(saveResponse, { as: user, json: { participantId: user.id, quizId: quiz.id, answers: [{ questionId: questionIds[0], selectedOptionIndex: 2 }] } });
    expect(status).toBe(200);
    expect(submitted(body)).toMatchObject({ score: null });
  });

  it("keeps the score back after the window's close while someone with more time is still answering", async () => {
    const { quiz, questionIds } = await openExam({ correct: 2 });
    const early = await readyParticipant(quiz.id);
    const still = await readyParticipant(quiz.id);
    await begin(early, quiz.id);
    const running = await begin(still, quiz.id);
    await answer(early, quiz.id, questionIds[0], 2);
    await call(submit, { as: early, params: { quizId: quiz.id } });
    await closeWindow(quiz.id);
    expect(submitted((await call(resume, { as: early, params: { quizId: quiz.id } })).body)?.score).toBeNull();

    await expire(running.attemptId);
    expect(submitted((await call(resume, { as: early, params: { quizId: quiz.id } })).body)?.score).toBe(1);
  });
});

describe("a quiz's questions, kept by each instance while its exam runs", () => {
  const textsOf = (view: View) => view.questions.map((question) => question.text).sort();

  it("are seen as an admin edited them by the very next start", async () => {
    const { quiz, questionIds } = await openExam({ count: 3 });
    const rehearsal = await readyParticipant(quiz.id);
    expect(textsOf(await begin(rehearsal, quiz.id))).toEqual(["Question 1", "Question 2", "Question 3"]);
    // A started quiz's questions are locked; once its rehearsal attempt is gone they may change.
    await (await getDb()).delete(attempts).where(eq(attempts.quizId, quiz.id));

    const edited = await call(updateQuestion, {
      method: "PUT", as: await admin(), params: { id: questionIds[1] },
      json: { text: "Question 2, reworded", subject: "Maths", options: ["A", "B", "C", "Z"], correctOptionIndex: 2 },
    });
    expect(edited.status).toBe(200);

    const participantOfTheDay = await readyParticipant(quiz.id);
    const view = await begin(participantOfTheDay, quiz.id);
    expect(textsOf(view)).toEqual(["Question 1", "Question 2, reworded", "Question 3"]);
    expect(view.questions.find((question) => question.id === questionIds[1])!.options).toEqual(["A", "B", "C", "Z"]);
    const resumed = (await call(resume, { as: participantOfTheDay, params: { quizId: quiz.id } })).body as unknown as View;
    expect(textsOf(resumed)).toContain("Question 2, reworded");
  });

  it("follow a change made outside the app, straight in the database", async () => {
    const { quiz, questionIds } = await openExam({ count: 3 });
    await begin(await readyParticipant(quiz.id), quiz.id);
    const db = await getDb();
    await db.delete(quizQuestions).where(and(eq(quizQuestions.quizId, quiz.id), eq(quizQuestions.questionId, questionIds[2])));
    expect(textsOf(await begin(await readyParticipant(quiz.id), quiz.id))).toEqual(["Question 1", "Question 2"]);
    await db.execute(sql`update questions set text = 'Question 1, fixed' where id = ${questionIds[0]}`);
    expect(textsOf(await begin(await readyParticipant(quiz.id), quiz.id))).toEqual(["Question 1, fixed", "Question 2"]);
    await db.execute(sql`update questions set text_hi = 'प्रश्न 2', options_hi = array['क', 'ख', 'ग', 'घ'] where id = ${questionIds[1]}`);
    const translated = (await begin(await readyParticipant(quiz.id), quiz.id)).questions.find((question) => question.id === questionIds[1]);
    expect(translated?.hi).toEqual({ text: "प्रश्न 2", options: ["क", "ख", "ग", "घ"] });
  });
});

describe("recordings and responses", () => {
  const WEBM = WEBM_HEADER_SLICE;

  function chunk(quizId: string, sequence: number, bytes: Buffer) {
    const form = new FormData();
    form.set("chunk", new Blob([new Uint8Array(bytes)], { type: "video/webm" }), `${sequence}.webm`);
    form.set("quizID", quizId);
    form.set("sequence", String(sequence));
    return form;
  }

  it("stores chunks in order, idempotently, and plays them back only to admins", async () => {
    const { quiz } = await openExam();
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    const slices = [WEBM, webmContinuation(50, 2), webmContinuation(30, 3)];
    for (const [sequence, bytes] of [2, 0, 1, 1].map((sequence) => [sequence, slices[sequence]] as const)) {
      expect((await call(uploadChunk, { as: user, form: chunk(quiz.id, sequence, bytes) })).status).toBe(201);
    }
    expect((await call(uploadChunk, { as: user, form: chunk(quiz.id, 0, Buffer.alloc(20)) })).status).toBe(400);

    const played = await call(recording, { as: await admin(), params: { attemptId: view.attemptId } });
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.response.arrayBuffer())).toEqual(Buffer.concat(slices));
    expect((await call(recording, { as: user, params: { attemptId: view.attemptId } })).status).toBe(403);
  });

  it("breaks the download rather than serve a video with a slice missing from storage", async () => {
    const { quiz } = await openExam();
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    for (const [sequence, bytes] of [WEBM, webmContinuation(20, 2), webmContinuation(20, 3)].entries()) {
      await call(uploadChunk, { as: user, form: chunk(quiz.id, sequence, bytes) });
    }
    const db = await getDb();
    const [lost] = await db.select().from(recordingChunks).where(and(eq(recordingChunks.attemptId, view.attemptId), eq(recordingChunks.sequence, 1)));
    await storage().delete(lost.objectKey);
    // Reading the body fails part way: the download breaks instead of ending as if complete.
    await expect(call(recording, { as: await admin(), params: { attemptId: view.attemptId } })).rejects.toThrow(/missing from storage/);
  });

  it("splits the video where a reload restarted the recorder, so each part plays", async () => {
    const { quiz } = await openExam();
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    const restarted = NEW_RECORDING_HEADER_SLICE;
    for (const [sequence, bytes] of [WEBM, webmContinuation(20, 2), restarted, webmContinuation(20, 4)].entries()) {
      await call(uploadChunk, { as: user, form: chunk(quiz.id, sequence, bytes) });
    }
    const boss = await admin();
    const detail = await responseDetail(boss, view.attemptId);
    expect(detail.recordingUrls).toEqual([`/api/recordings/${view.attemptId}?segment=0`, `/api/recordings/${view.attemptId}?segment=1`]);
    const second = await call(recording, { as: boss, params: { attemptId: view.attemptId }, url: detail.recordingUrls[1] });
    expect(Buffer.from(await second.response.arrayBuffer())).toEqual(Buffer.concat([restarted, webmContinuation(20, 4)]));
  });

  it("keeps a new recording's header when a slice from before a reload arrives late with the same number", async () => {
    const { quiz } = await openExam();
    const user = await readyParticipant(quiz.id);
    const view = await begin(user, quiz.id);
    const header = NEW_RECORDING_HEADER_SLICE;
    await call(uploadChunk, { as: user, form: chunk(quiz.id, 0, WEBM) });
    await call(uploadChunk, { as: user, form: chunk(quiz.id, 1, header) });
    expect((await call(uploadChunk, { as: user, form: chunk(quiz.id, 1, webmContinuation(20, 5)) })).status).toBe(201);
    const second = await call(recording, { as: await admin(), params: { attemptId: view.attemptId }, url: `/api/recordings/${view.attemptId}?segment=1` });
    expect(Buffer.from(await second.response.arrayBuffer())).toEqual(header);
  });

  it("refuses chunks from someone with no attempt, and lists responses to admins only", async () => {
    const { quiz } = await openExam();
    const stranger = await participant();
    expect((await call(uploadChunk, { as: stranger, form: chunk(quiz.id, 0, WEBM) })).status).toBe(404);

    const user = await readyParticipant(quiz.id);
    await begin(user, quiz.id);
    await call(submit, { as: user, params: { quizId: quiz.id } });
    expect((await call(responses, { as: user })).status).toBe(403);
    const listed = await call(responses, { as: await admin(), headers: {}, params: {} });
    expect((listed.body.responses as { participantId: string }[]).some((row) => row.participantId === user.id)).toBe(true);
  });
});
