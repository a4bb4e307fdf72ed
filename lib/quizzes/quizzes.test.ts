import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { questions, quizzes } from "@/db/schema";
import { VISITOR } from "@/lib/auth";
import { closeDatabase } from "@/lib/db";
import { Conflict, Forbidden, Unauthenticated } from "@/lib/errors";
import { startExam } from "@/lib/exam";
import { QUESTION_IN_USE } from "@/lib/messages";
import { payEntryFeeFromWallet, submitEntryFee } from "@/lib/payments";
import { DEMO_QUIZ_ID } from "@/lib/seed";
import { openExam, paidParticipant } from "@/tests/support/exam";
import { admin, participant } from "@/tests/support/users";
import { adult, countRows, fundWallet, openRegistration, uploadProof } from "@/tests/support/wallet";
import { createQuestion, createQuiz, deleteQuestion, importQuestions, listQuizzes, listQuizzesForAdmin, loadDashboard, loadDemoQuiz, questionUsage, updateQuiz } from "./index";
import type { QuestionInput, QuizInput } from "./schemas";

afterAll(closeDatabase);

const DAY = 86_400_000;

function quizInput(overrides: Partial<QuizInput> = {}): QuizInput {
  const now = Date.now();
  return {
    title: `Spring Olympiad ${randomBytes(4).toString("hex")}`,
    description: "",
    prizeMoney: 1_000,
    entryFee: 500,
    durationMinutes: 30,
    shuffleQuestions: true,
    shuffleOptions: false,
    formStartDate: new Date(now),
    formEndDate: new Date(now + DAY),
    examDate: new Date(now + 2 * DAY),
    resultDate: new Date(now + 3 * DAY),
    questions: [],
    ...overrides,
  };
}

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
    expect(shown).toMatchObject({ title: quiz.title, entryFeePaise: 50_000, prizeMoneyPaise: 100_000 });
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
  it("keeps a started quiz's questions, but lets its other details change", async () => {
    const { quiz, questionIds } = await openExam({ count: 3 });
    await startExam(await paidParticipant(quiz.id), quiz.id);
    const boss = await admin();
    const sameDates = { formStartDate: quiz.formStartAt, formEndDate: quiz.formEndAt, examDate: quiz.examStartAt, examEndDate: quiz.examEndAt, resultDate: quiz.resultAt };

    const reordered = quizInput({ ...sameDates, questions: [questionIds[1], questionIds[0], questionIds[2]] });
    await expect(updateQuiz(boss, quiz.id, reordered)).rejects.toThrow(new Conflict("Participants have already started this quiz, so its questions cannot change."));
    const renamed = await updateQuiz(boss, quiz.id, quizInput({ ...sameDates, title: "Renamed Olympiad", questions: questionIds }));
    expect(renamed.title).toBe("Renamed Olympiad");
    expect((await listQuizzesForAdmin(boss)).find((row) => row.id === quiz.id)?.questions).toEqual(questionIds);
  });

  it("refuses to delete a question a quiz uses, and counts its uses", async () => {
    const { questionIds } = await openExam({ count: 1 });
    const boss = await admin();
    await expect(deleteQuestion(boss, questionIds[0])).rejects.toThrow(new Conflict(QUESTION_IN_USE));
    expect((await questionUsage(boss)).get(questionIds[0])).toBe(1);
    expect(await countRows(questions, eq(questions.id, questionIds[0]))).toBe(1);
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

  it("shows a participant their own payment state per quiz and their balance, and is for members only", async () => {
    await expect(loadDashboard(VISITOR)).rejects.toThrow(Unauthenticated);
    const { quiz, waiting, paid } = await oneOfEach();
    const forWaiting = await loadDashboard(waiting);
    expect(forWaiting.quizzes.find((row) => row.id === quiz.id)?.paymentState).toBe("pending");
    expect(forWaiting.participant).toEqual({ id: waiting.id, name: waiting.name, hasDateOfBirth: true });
    const forPaid = await loadDashboard(paid);
    expect(forPaid.quizzes.find((row) => row.id === quiz.id)?.paymentState).toBe("verified");
    expect(forPaid.walletBalancePaise).toBe(5_000);
    expect((await loadDashboard(await participant())).quizzes.find((row) => row.id === quiz.id)?.paymentState).toBe("not paid");
  });

  it("counts verified registrations against the capacity in seats left", async () => {
    const { quiz, waiting } = await oneOfEach();
    expect((await loadDashboard(waiting)).quizzes.find((row) => row.id === quiz.id)?.seatsLeft).toBe(2);
  });
});
