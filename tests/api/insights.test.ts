import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as csvRoute } from "@/app/api/insights/csv/route";
import { GET as overviewRoute } from "@/app/api/insights/route";
import { attemptAnswers, attempts, quizQuestions, transactions } from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { parseCsv } from "@/lib/csv";
import { richHtml } from "@/lib/content";
import { closeDatabase, getDb } from "@/lib/db";
import { activityByDay, finishedQuizzes, itemAnalysis, pendingVerifications, scoreDistribution, seatsLeft } from "@/lib/insights";
import { keyLabel } from "@/lib/insights/schemas";
import { typedQuiz } from "../support/answer-types";
import { closedExam } from "../support/exam";
import { createQuestion, createQuiz, createUser } from "../support/factories";
import { call } from "../support/http";
import { admin, participant } from "../support/users";

afterAll(closeDatabase);

const HOUR = 3_600_000;
const [A, B, C, D] = [0, 1, 2, 3] as const;
const _ = null;

/**
 * Ten takers of a four-question quiz whose keys are A, B, C, D, chosen so that the third
 * question's key looks wrong: the strongest takers all chose D there. Scores (correct answers):
 * 3, 3, 3 | 2, 2, 2, 2 | 1, 1, 0, so the 27 % groups (round(2.7) = 3 takers each) are the first
 * three and the last three, with no tie at either boundary.
 */
const TAKERS: { answers: (number | null)[]; score: number }[] = [
  { answers: [A, B, D, D], score: 3 },
  { answers: [A, B, D, D], score: 3 },
  { answers: [A, B, D, D], score: 3 },
  { answers: [A, B, D, A], score: 2 },
  { answers: [A, C, C, A], score: 2 },
  { answers: [B, B, C, A], score: 2 },
  { answers: [A, _, _, D], score: 2 },
  { answers: [C, A, C, A], score: 1 },
  { answers: [B, C, C, _], score: 1 },
  { answers: [_, _, D, B], score: 0 },
];

/**
 * Worked by hand from TAKERS (n = 10, groups of 3):
 * Q1 key A: A 6, B 2, C 1, D 0, blank 1; share 6/10; upper 3/3 right, lower 0/3: D = 1.
 * Q2 key B: A 1, B 5, C 2, D 0, blank 2; share 5/10; upper 3/3, lower 0/3: D = 1.
 * Q3 key C: A 0, B 0, C 4, D 5, blank 1; share 4/10; upper 0/3, lower 2/3: D = -2/3, and D beats the key.
 * Q4 key D: A 4, B 1, C 0, D 4, blank 1; share 4/10; upper 3/3, lower 0/3: D = 1; A only ties the key.
 */
const EXPECTED = [
  { number: 1, shareCorrect: 0.6, discrimination: 1, optionCounts: [6, 2, 1, 0], unanswered: 1, flags: [] },
  { number: 2, shareCorrect: 0.5, discrimination: 1, optionCounts: [1, 5, 2, 0], unanswered: 2, flags: [] },
  { number: 3, shareCorrect: 0.4, discrimination: -2 / 3, optionCounts: [0, 0, 4, 5], unanswered: 1, flags: ["negative discrimination", "distractor beats key"] },
  { number: 4, shareCorrect: 0.4, discrimination: 1, optionCounts: [4, 1, 0, 4], unanswered: 1, flags: [] },
];

let boss: ActiveUser;
let quizId: string;
let quizEndedAt: Date;

beforeAll(async () => {
  boss = await admin();
  const db = await getDb();
  ({ id: quizId, examEndAt: quizEndedAt } = await closedExam());
  const questionIds: string[] = [];
  for (const [position, key] of [A, B, C, D].entries()) {
    // The first has a formula, rendered as saving renders it.
    const text = position === 0 ? "Insight question 1: is $x^2 \\ge 0$?" : `Insight question ${position + 1}`;
    const rendered = position === 0 ? { en: { text: richHtml(text, "question"), options: [null, null, null, null] }, hi: null } : null;
    const question = await createQuestion(db, { text, rendered, options: ["A", "B", "C", "D"], correctOptionIndex: key });
    await db.insert(quizQuestions).values({ quizId, questionId: question.id, position });
    questionIds.push(question.id);
  }
  const submittedAt = new Date(Date.now() - 30 * HOUR);
  const attempt = async (answers: (number | null)[], score: number, extra: Partial<typeof attempts.$inferInsert> = {}) => {
    const user = await createUser(db);
    const [row] = await db
      .insert(attempts)
      .values({ quizId, participantId: user.id, shuffleSeed: 1, startedAt: new Date(submittedAt.getTime() - HOUR), deadlineAt: submittedAt, timeLeftSeconds: 0, score, timeTakenSeconds: 600, ...extra, submittedAt: null })
      .returning();
    const given = answers.flatMap((choice, index) => (choice === null ? [] : [{ attemptId: row.id, questionId: questionIds[index], selectedOptionIndex: choice, answeredAt: submittedAt }]));
    if (given.length) await db.insert(attemptAnswers).values(given);
    // Submitted once answered: a submitted attempt's answers are frozen.
    const submitted = "submittedAt" in extra ? extra.submittedAt : submittedAt;
    if (submitted) await db.update(attempts).set({ submittedAt: submitted }).where(eq(attempts.id, row.id));
  };
  for (const { answers, score } of TAKERS) await attempt(answers, score);
  // Neither counts: a disqualified full score and an attempt never submitted (each would change n, the groups and every share).
  await attempt([A, B, C, D], 4, { disqualifiedAt: submittedAt, disqualificationReason: "Second device" });
  await attempt([D, D, D, D], 0, { submittedAt: null, score: null, timeTakenSeconds: null });
});

describe("item analysis of a finished quiz", () => {
  it("gives each question's share correct, discrimination index, option counts and flags as worked by hand", async () => {
    const analysis = await itemAnalysis(boss, quizId);
    expect(analysis.takers).toBe(10);
    expect(analysis.groupSize).toBe(3);
    expect(analysis.items.map(({ number, shareCorrect, optionCounts, unanswered, flags }) => ({ number, shareCorrect, optionCounts, unanswered, flags }))).toEqual(
      EXPECTED.map(({ number, shareCorrect, optionCounts, unanswered, flags }) => ({ number, shareCorrect, optionCounts, unanswered, flags })),
    );
    analysis.items.forEach((item, index) => expect(item.discrimination).toBeCloseTo(EXPECTED[index].discrimination, 10));
  });

  it("carries each question's text as the exam shows it, formulas rendered, for the table", async () => {
    const [first, second] = (await itemAnalysis(boss, quizId)).items;
    expect(first.html).toContain('<annotation encoding="application/x-tex">x^2 \\ge 0</annotation>');
    expect(second).toMatchObject({ text: "Insight question 2", html: null });
  });

  it("follows the quiz's own key once it differs from the bank's", async () => {
    const db = await getDb();
    await db.execute(sql`update quiz_questions set key_option_index = 3 where quiz_id = ${quizId} and position = 2`);
    try {
      const third = (await itemAnalysis(boss, quizId)).items[2];
      // With D as the key: share 5/10; upper 3/3 chose D, lower 1/3 (the last taker): D = 2/3.
      expect(third.keyOptionIndex).toBe(D);
      expect(third.shareCorrect).toBe(0.5);
      expect(third.discrimination).toBeCloseTo(2 / 3, 10);
      expect(third.flags).toEqual([]);
    } finally {
      await db.execute(sql`update quiz_questions set key_option_index = null where quiz_id = ${quizId}`);
    }
  });

  it("shares the places at a group's edge among the takers tied there", async () => {
    const db = await getDb();
    const tied = (await closedExam()).id;
    const ids: string[] = [];
    for (const position of [0, 1, 2]) {
      const question = await createQuestion(db, { text: `Tied question ${position + 1}`, options: ["A", "B", "C", "D"], correctOptionIndex: A });
      await db.insert(quizQuestions).values({ quizId: tied, questionId: question.id, position });
      ids.push(question.id);
    }
    // Keys A, A, A. Scores 2, 2, 1, 0: g = round(0.27 × 4) = 1, so the two takers on 2 share the
    // one upper place (weight 1/2 each) and the taker on 0 is the lower group.
    for (const [answers, score] of [[[A, A, B], 2], [[A, B, A], 2], [[A, B, B], 1], [[B, B, B], 0]] as const) {
      const user = await createUser(db);
      const submittedAt = new Date(Date.now() - 30 * HOUR);
      const [row] = await db.insert(attempts).values({ quizId: tied, participantId: user.id, shuffleSeed: 1, startedAt: new Date(submittedAt.getTime() - HOUR), deadlineAt: submittedAt, timeLeftSeconds: 0, score, timeTakenSeconds: 600 }).returning();
      await db.insert(attemptAnswers).values(answers.map((choice, index) => ({ attemptId: row.id, questionId: ids[index], selectedOptionIndex: choice, answeredAt: submittedAt })));
      await db.update(attempts).set({ submittedAt }).where(eq(attempts.id, row.id));
    }
    const analysis = await itemAnalysis(boss, tied);
    expect(analysis.groupSize).toBe(1);
    // Q1: both tied chose A (2 × 1/2 = 1), the lowest did not: D = 1. Q2 and Q3: one of the two tied chose A: D = 1/2.
    expect(analysis.items.map((item) => [item.shareCorrect, item.discrimination, item.flags])).toEqual([
      [0.75, 1, []],
      [0.25, 0.5, ["distractor beats key"]],
      [0.25, 0.5, ["distractor beats key"]],
    ]);
  });

  it("counts every score from 0 to the maximum, leaving out disqualified and unsubmitted attempts", async () => {
    expect(await scoreDistribution(boss, quizId)).toEqual({
      takers: 10,
      maxScore: 4,
      buckets: [
        { score: 0, attempts: 1 },
        { score: 1, attempts: 2 },
        { score: 2, attempts: 4 },
        { score: 3, attempts: 3 },
        { score: 4, attempts: 0 },
      ],
    });
    // As of its own close: the list shows the 50 latest, and other files close quizzes after this one.
    expect((await finishedQuizzes(boss, quizEndedAt)).find((quiz) => quiz.id === quizId)?.takers).toBe(10);
  });
});

describe("registrations, payments and seats", () => {
  it("counts accounts, registrations, verified entry fees, revenue and refunds per India day", async () => {
    const db = await getDb();
    // A quiz and people of March 2020, a window no other test writes into.
    const quiz = await createQuiz(db, { formStartAt: new Date("2020-03-01T00:00:00Z"), formEndAt: new Date("2020-03-20T00:00:00Z"), examStartAt: new Date("2020-03-21T00:00:00Z"), examEndAt: new Date("2020-03-21T02:00:00Z"), resultAt: new Date("2020-03-22T00:00:00Z") });
    // 00:30 India time on the 14th is still the 13th in UTC.
    const early = await createUser(db, { createdAt: new Date("2020-03-13T19:00:00Z") });
    const late = await createUser(db, { createdAt: new Date("2020-03-14T12:00:00Z") });
    const fee = { quizId: quiz.id, type: "form pay" as const, reason: "entry fee" };
    const [paid] = await db
      .insert(transactions)
      .values({ ...fee, userId: early.id, amountPaise: 50_000, status: "verified", createdAt: new Date("2020-03-14T04:00:00Z"), reviewedAt: new Date("2020-03-14T23:30:00Z") })
      .returning();
    await db.insert(transactions).values([
      { ...fee, userId: late.id, amountPaise: 0, mode: "wallet", status: "verified", createdAt: new Date("2020-03-14T13:00:00Z"), reviewedAt: new Date("2020-03-14T13:00:00Z") },
      { userId: early.id, type: "credit", mode: "wallet", status: "verified", amountPaise: 50_000, reason: "refund", refundOfId: paid.id, createdAt: new Date("2020-03-15T06:00:00Z") },
    ]);

    const days = await activityByDay(boss, new Date("2020-03-15T12:00:00Z"));
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.day).toBe("2020-03-15");
    const byDay = Object.fromEntries(days.map(({ day, ...figures }) => [day, figures]));
    expect(byDay["2020-03-14"]).toEqual({ newAccounts: 2, registrations: 2, verifiedPayments: 0, revenuePaise: 0, refundedPaise: 0 });
    // Verified at 05:00 India time on the 15th; the free entry moved no money and is not a payment.
    expect(byDay["2020-03-15"]).toEqual({ newAccounts: 0, registrations: 0, verifiedPayments: 1, revenuePaise: 50_000, refundedPaise: 50_000 });
    expect(days.filter(({ day }) => day !== "2020-03-14" && day !== "2020-03-15").every((day) => day.newAccounts + day.registrations + day.verifiedPayments === 0)).toBe(true);
  });

  it("shows seats left against verified registrations, and pending payments with their age", async () => {
    const db = await getDb();
    const quiz = await createQuiz(db, { capacity: 5 });
    const [first, second, waiting] = [await createUser(db), await createUser(db), await createUser(db)];
    const fee = { quizId: quiz.id, type: "form pay" as const, amountPaise: 50_000, reason: "entry fee" };
    await db.insert(transactions).values([
      { ...fee, userId: first.id, status: "verified", reviewedAt: new Date() },
      { ...fee, userId: second.id, status: "verified", reviewedAt: new Date() },
    ]);
    const now = new Date();
    const [pending] = await db.insert(transactions).values({ ...fee, userId: waiting.id, createdAt: new Date(now.getTime() - 5 * HOUR) }).returning();

    expect((await seatsLeft(boss, now)).find((row) => row.id === quiz.id)).toMatchObject({ capacity: 5, registered: 2, pending: 1, seatsLeft: 3 });
    const { total, oldest } = await pendingVerifications(boss, now);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(oldest.find((row) => row.id === pending.id)).toMatchObject({ ageSeconds: 5 * 3600, quizTitle: quiz.title, amountPaise: 50_000, type: "form pay" });
  });
});

describe("the item analysis of a paper of typed and one-or-more-correct questions", () => {
  it("counts a taker right by the question's own rule: the whole number, exactly the options, a number within the range", async () => {
    // P is right everywhere; Q typed 57, chose one of the two options, typed 2.52; R typed 57, chose three, left the decimal; S answered nothing.
    const { quiz } = await typedQuiz();
    const analysis = await itemAnalysis(boss, quiz.id);
    expect(analysis.items.map(({ answerType, keyOptionIndex, shareCorrect, optionCounts, unanswered }) => ({ answerType, key: keyLabel({ answerType, keyOptionIndex }), shareCorrect, optionCounts, unanswered }))).toEqual([
      { answerType: "integer", key: "whole number", shareCorrect: 0.25, optionCounts: [], unanswered: 1 },
      { answerType: "multiple", key: "one or more", shareCorrect: 0.25, optionCounts: [], unanswered: 1 },
      { answerType: "numerical", key: "number", shareCorrect: 0.25, optionCounts: [], unanswered: 2 },
    ]);
  });
});

describe("the Overview's API and CSV", () => {
  it("answers admins, with the item analysis as CSV", async () => {
    const overview = await call(overviewRoute, { as: boss, url: `/api/insights?quiz=${quizId}` });
    expect(overview.status).toBe(200);
    expect((overview.body.quiz as { analysis: { takers: number } }).analysis.takers).toBe(10);

    const { status, response } = await call(csvRoute, { as: boss, url: `/api/insights/csv?table=items&quiz=${quizId}` });
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain(`overview-items-${quizId}.csv`);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual(["question", "text", "key", "dropped", "takers", "share_correct", "discrimination", "chose_A", "chose_B", "chose_C", "chose_D", "chose_E", "chose_F", "unanswered", "flags"]);
    expect(rows[2]).toEqual(["3", "Insight question 3", "C", "no", "10", "0.400", "-0.667", "0", "0", "4", "5", "", "", "1", "negative discrimination; distractor beats key"]);
  });

  it("refuses a participant (403) and a visitor (401), on the API and on every CSV", async () => {
    const someone = await participant();
    expect((await call(overviewRoute, { as: someone, url: "/api/insights" })).status).toBe(403);
    for (const table of ["activity", "pending", "seats"]) {
      expect((await call(csvRoute, { as: someone, url: `/api/insights/csv?table=${table}` })).status).toBe(403);
    }
    expect((await call(csvRoute, { as: someone, url: `/api/insights/csv?table=items&quiz=${quizId}` })).status).toBe(403);
    expect((await call(csvRoute, { url: `/api/insights/csv?table=seats` })).status).toBe(401);
  });

  it("asks for a quiz for the quiz tables only", async () => {
    expect((await call(csvRoute, { as: boss, url: "/api/insights/csv?table=items" })).status).toBe(400);
    expect((await call(csvRoute, { as: boss, url: `/api/insights/csv?table=seats&quiz=${quizId}` })).status).toBe(400);
  });
});
