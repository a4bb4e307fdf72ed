import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { questions, quizzes } from "@/db/schema";
import { VISITOR } from "@/lib/auth";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { Conflict, Forbidden, Unauthenticated } from "@/lib/errors";
import { startExam, submitExam } from "@/lib/exam";
import { catalogued, DEMO_QUESTION_IN_PAID_QUIZ, PAID_QUESTION_IN_DEMO, QUESTION_IN_USE, QUESTION_LOCKED } from "@/lib/catalogue";
import { payEntryFeeFromWallet, submitEntryFee } from "@/lib/payments";
import { DEMO_QUIZ_ID } from "@/lib/seed";
import { PUT as updateQuestionRoute } from "@/app/api/updatequestions/[id]/route";
import { PUT as updateQuizRoute } from "@/app/api/updatequizes/[id]/route";
import { markPaid, openExam, paidParticipant } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";
import { adult, countRows, fundWallet, openRegistration, uploadProof } from "@/tests/support/wallet";
import { createQuestion, createQuiz, deleteQuestion, duplicateQuiz, importQuestions, listQuizzes, listQuizzesForAdmin, loadDashboard, loadDemoQuiz, questionUsage, updateQuestion, updateQuiz } from "./index";
import { quizInput } from "@/tests/support/factories";
import { quizSchema, type QuestionInput } from "./schemas";

afterAll(closeDatabase);



const questionInput = (text: string): QuestionInput => ({ text, subject: "Mathematics", options: ["1", "2", "3", "4"], correctOptionIndex: 1 });

describe("the quizzes door", () => {
  it("refuses quiz and question authoring to a visitor and a participant, and writes nothing", async () => {
    const tag = randomBytes(4).toString("hex");
    const input = quizInput({ title: `Forbidden ${tag}` });
    for (const [actor, refusal] of [[VISITOR, Unauthenticated], [await participant(), Forbidden]] as const) {
      await expect(createQuiz(actor, input)).rejects.toThrow(refusal);
      await expect(createQuestion(actor, questionInput(`Forbidden question ${tag}`))).rejects.toThrow(refusal);
      await expect(importQuestions(actor, `text,subject,option1,option2,option3,option4,correctOptionIndex\nForbidden question ${tag},Maths,1,2,3,4,1\n`)).rejects.toThrow(refusal);
      await expect(listQuizzesForAdmin(actor)).rejects.toThrow(refusal);
    }
    expect(await countRows(quizzes, eq(quizzes.title, input.title))).toBe(0);
    expect(await countRows(questions, eq(questions.text, `Forbidden question ${tag}`))).toBe(0);
  });

  it("shows a visitor the competitions without their questions or the demo, and an admin every quiz with its question ids in order", async () => {
    const boss = await admin();
    const [first, second] = [await createQuestion(boss, questionInput("Which is 2?")), await createQuestion(boss, questionInput("Which is 3?"))];
    const quiz = await createQuiz(boss, quizInput({ questions: [second.id, first.id] }));

    const publicList = await listQuizzes(VISITOR);
    const shown = publicList.find((competition) => competition.id === quiz.id);
    expect(shown).toMatchObject({ title: quiz.title, entryFeePaise: 50_000, prizeMoneyPaise: 0, contestModel: "paid_certificates" });
    expect(Object.keys(shown!)).not.toContain("questions");
    expect(Object.keys(shown!)).not.toContain("isDemo");
    expect(publicList.map((competition) => competition.id)).not.toContain(DEMO_QUIZ_ID);

    const adminList = await listQuizzes(boss);
    expect(adminList.find((row) => row.id === quiz.id)).toMatchObject({ questions: [second.id, first.id] });
    expect(adminList.map((row) => row.id)).toContain(DEMO_QUIZ_ID);
  });

  it("opens the demo quiz, answers included, to visitors", async () => {
    const demo = await loadDemoQuiz(VISITOR);
    expect(demo?.id).toBe(DEMO_QUIZ_ID);
    expect(demo?.questions.length).toBeGreaterThan(0);
    expect(demo?.questions.every((question) => question.options.length === 4 && question.answer >= 0 && question.answer <= 3)).toBe(true);
  });
});

describe("authoring", () => {
  const cashPrizesAllowed = config.contest.cashPrizesAllowed;
  afterEach(() => {
    config.contest.cashPrizesAllowed = cashPrizesAllowed;
  });

  it("keeps a started quiz's questions, but lets its other details change", async () => {
    const { quiz, questionIds } = await openExam({ count: 3 });
    await startExam(await paidParticipant(quiz.id), quiz.id);
    const boss = await admin();
    // The exam's quiz pays cash prizes for a paid entry: saving it needs the deployment to allow
    // that (CASH_PRIZES_ALLOWED, false unless set) and the admin's confirmation that it is lawful.
    config.contest.cashPrizesAllowed = true;
    // The prize money and the model stay too: registration has opened, so they are fixed.
    const sameDates = {
      formStartDate: quiz.formStartAt,
      formEndDate: quiz.formEndAt,
      examDate: quiz.examStartAt,
      examEndDate: quiz.examEndAt,
      resultDate: quiz.resultAt,
      prizeMoney: quiz.prizeMoneyPaise / 100,
      contestModel: quiz.contestModel,
      cashPrizesLawfulConfirmed: true,
    };

    const reordered = quizInput({ ...sameDates, questions: [questionIds[1], questionIds[0], questionIds[2]] });
    await expect(updateQuiz(boss, quiz.id, reordered)).rejects.toThrow(new Conflict(catalogued("Participants have already started this quiz, so its questions cannot change.")));
    const renamed = await updateQuiz(boss, quiz.id, quizInput({ ...sameDates, title: "Renamed Olympiad", questions: questionIds }));
    expect(renamed.title).toBe("Renamed Olympiad");
    expect((await listQuizzesForAdmin(boss)).find((row) => row.id === quiz.id)?.questions).toEqual(questionIds);
  });

  it("keeps each quiz's objection window, 48 hours unless set, and refuses one outside 1 to 720 hours", async () => {
    const boss = await admin();
    const { objectionWindowHours: _unset, ...withoutWindow } = quizInput();
    // As a request body carries it: dates as text, no window given.
    const standard = await createQuiz(boss, quizSchema.parse(JSON.parse(JSON.stringify(withoutWindow))));
    expect(standard.objectionWindowHours).toBe(48);
    const short = await createQuiz(boss, quizInput({ objectionWindowHours: 12 }));
    expect(short.objectionWindowHours).toBe(12);
    expect(quizSchema.safeParse({ ...JSON.parse(JSON.stringify(quizInput())), objectionWindowHours: 0 }).error?.issues[0].message).toBe("The objection window must be from 1 to 720 hours.");
  });

  it("refuses to delete a question a quiz uses, and counts its uses", async () => {
    const { questionIds } = await openExam({ count: 1 });
    const boss = await admin();
    await expect(deleteQuestion(boss, questionIds[0])).rejects.toThrow(new Conflict(catalogued(QUESTION_IN_USE)));
    expect((await questionUsage(boss)).get(questionIds[0])).toBe(1);
    expect(await countRows(questions, eq(questions.id, questionIds[0]))).toBe(1);
  });
});

describe("a started quiz's questions are locked", () => {
  it("refuses to edit a question of a quiz with an attempt (409, unchanged), and edits one no attempt has seen", async () => {
    const { quiz, questionIds } = await openExam({ count: 2 });
    const boss = await admin();
    const spare = await createQuestion(boss, questionInput("Which is 4?"));
    const fixed = { ...questionInput("Edited question"), correctOptionIndex: 3 };
    expect(await updateQuestion(boss, questionIds[0], fixed)).toMatchObject({ text: "Edited question", correctOptionIndex: 3 });

    await startExam(await paidParticipant(quiz.id), quiz.id);
    await expect(updateQuestion(boss, questionIds[1], fixed)).rejects.toThrow(new Conflict(catalogued(QUESTION_LOCKED)));
    const routed = await call(updateQuestionRoute, { method: "PUT", as: boss, params: { id: questionIds[1] }, json: fixed });
    expect(routed).toMatchObject({ status: 409, body: { message: QUESTION_LOCKED } });
    const db = await getDb();
    const [kept] = await db.select().from(questions).where(eq(questions.id, questionIds[1]));
    expect(kept).toMatchObject({ text: "Question 2", correctOptionIndex: 2 });
    await expect(deleteQuestion(boss, questionIds[1])).rejects.toThrow(new Conflict(catalogued(QUESTION_IN_USE)));
    expect(await updateQuestion(boss, spare.id, fixed)).toMatchObject({ text: "Edited question" });
  });
});

describe("demo questions stay out of paid quizzes", () => {
  async function demoQuestionIds(boss: Awaited<ReturnType<typeof admin>>) {
    const demo = (await listQuizzesForAdmin(boss)).find((quiz) => quiz.id === DEMO_QUIZ_ID)!;
    expect(demo.questions.length).toBeGreaterThan(0);
    return demo;
  }

  it("refuses a paid quiz, new or edited, that picks a question of the demo (409), and writes nothing", async () => {
    const boss = await admin();
    const demo = await demoQuestionIds(boss);
    const own = await createQuestion(boss, questionInput("Which is 5?"));
    const input = quizInput({ questions: [own.id, demo.questions[0]] });
    await expect(createQuiz(boss, input)).rejects.toThrow(new Conflict(catalogued(DEMO_QUESTION_IN_PAID_QUIZ)));
    expect(await countRows(quizzes, eq(quizzes.title, input.title))).toBe(0);

    const paid = await createQuiz(boss, quizInput({ questions: [own.id] }));
    const routed = await call(updateQuizRoute, { method: "PUT", as: boss, params: { id: paid.id }, json: { ...input, title: paid.title } });
    expect(routed).toMatchObject({ status: 409, body: { message: DEMO_QUESTION_IN_PAID_QUIZ } });
    expect((await listQuizzesForAdmin(boss)).find((quiz) => quiz.id === paid.id)?.questions).toEqual([own.id]);
  });

  it("refuses to give the demo a paid quiz's question, and to copy the demo into a paid quiz", async () => {
    const boss = await admin();
    const demo = await demoQuestionIds(boss);
    const { questionIds } = await openExam({ count: 1 });
    const demoInput = quizInput({
      title: demo.title,
      contestModel: "free_entry",
      entryFee: 0,
      prizeMoney: 0,
      durationMinutes: demo.durationSeconds / 60,
      formStartDate: demo.formStartAt,
      formEndDate: demo.formEndAt,
      examDate: demo.examStartAt,
      examEndDate: demo.examEndAt,
      resultDate: demo.resultAt,
      shuffleQuestions: demo.shuffleQuestions,
      questions: [...demo.questions, questionIds[0]],
    });
    await expect(updateQuiz(boss, DEMO_QUIZ_ID, demoInput)).rejects.toThrow(new Conflict(catalogued(PAID_QUESTION_IN_DEMO)));
    expect((await listQuizzesForAdmin(boss)).find((quiz) => quiz.id === DEMO_QUIZ_ID)?.questions).toEqual(demo.questions);

    await expect(duplicateQuiz(boss, DEMO_QUIZ_ID)).rejects.toThrow(new Conflict(catalogued(DEMO_QUESTION_IN_PAID_QUIZ)));
    expect(await countRows(quizzes, eq(quizzes.title, `${demo.title} (copy)`))).toBe(0);
  });
});

describe("the dashboard", () => {
  async function oneOfEach() {
    const [waiting, paid, reviewer] = [await adult(), await adult(), await admin()];
    const quiz = await openRegistration({ entryFeePaise: 10_000, capacity: 3 });
    await submitEntryFee(waiting, { quizId: quiz.id, proofUploadId: await uploadProof(waiting), payeeName: "W" });
    await fundWallet(paid, reviewer, 15_000);
    await payEntryFeeFromWallet(paid, quiz.id);
    return { quiz, waiting, paid };
  }

  it("shows a participant what their own payment lets them do per quiz and their balance, and is for members only", async () => {
    await expect(loadDashboard(VISITOR)).rejects.toThrow(Unauthenticated);
    const { quiz, waiting, paid } = await oneOfEach();
    const forWaiting = await loadDashboard(waiting);
    expect(forWaiting.quizzes.find((row) => row.id === quiz.id)?.action).toEqual({ kind: "pending" });
    expect(forWaiting.participant).toEqual({ id: waiting.id, name: waiting.name, hasDateOfBirth: true });
    const forPaid = await loadDashboard(paid);
    expect(forPaid.quizzes.find((row) => row.id === quiz.id)?.action).toEqual({ kind: "exam-upcoming", opensAt: quiz.examStartAt, countdown: false });
    expect(forPaid.walletBalancePaise).toBe(5_000);
    expect((await loadDashboard(await participant())).quizzes.find((row) => row.id === quiz.id)?.action).toEqual({ kind: "pay", rejected: false });
  });

  it("puts the participant's taken quiz, awaiting its results, before the ones open for registration, and closed ones in the past", async () => {
    const user = await participant();
    const open = await openRegistration();
    const { quiz: running } = await openExam({ count: 1 });
    const { quiz: closed } = await openExam({ count: 1 });
    await markPaid(user, running.id);
    await startExam(user, running.id);
    await submitExam(user, running.id);

    const dashboard = await loadDashboard(user);
    const order = dashboard.quizzes.map((quiz) => quiz.id);
    expect(order.indexOf(open.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(running.id)).toBeLessThan(order.indexOf(open.id));
    expect(dashboard.quizzes.find((quiz) => quiz.id === running.id)?.action).toEqual({ kind: "result", published: false });
    expect(order).not.toContain(closed.id);
    expect(dashboard.past.find((quiz) => quiz.id === closed.id)?.action).toEqual({ kind: "registration-closed" });
  });

  it("counts verified registrations against the capacity in seats left", async () => {
    const { quiz, waiting } = await oneOfEach();
    expect((await loadDashboard(waiting)).quizzes.find((row) => row.id === quiz.id)?.seatsLeft).toBe(2);
  });
});
