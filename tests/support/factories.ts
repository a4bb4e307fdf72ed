import { randomBytes } from "node:crypto";
import { questions, quizzes, users } from "@/db/schema";
import type { Queryable } from "@/lib/db";
import { generateReferralCode } from "@/lib/accounts";
import { cashTotalPaise, type QuizInput } from "@/lib/quizzes/schemas";
import { DEFAULT_PRIZE_TIERS } from "@/lib/seed";

const DAY_MS = 24 * 60 * 60 * 1000;

export function uniqueEmail(): string {
  return `user-${randomBytes(6).toString("hex")}@example.test`;
}

export async function createUser(db: Queryable, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ name: "Test Participant", email: uniqueEmail(), referralCode: generateReferralCode(), ...overrides })
    .returning();
  return user;
}

/** What the seeded default prize table adds up to: a quiz with this prize money is paid from it. */
export const DEFAULT_PRIZE_MONEY_PAISE = cashTotalPaise(DEFAULT_PRIZE_TIERS);

export async function createQuiz(db: Queryable, overrides: Partial<typeof quizzes.$inferInsert> = {}) {
  const now = Date.now();
  const [quiz] = await db
    .insert(quizzes)
    .values({
      title: "Test Olympiad",
      name: "test",
      // Explicit, never the column's default (migration 0021 dropped it). Paid entry with cash prizes is
      // what the suite's quizzes have always been; stored directly, so CASH_PRIZES_ALLOWED (checked
      // when an admin saves a quiz) does not apply. Tests of the other models pass their own.
      contestModel: "paid_cash",
      formStartAt: new Date(now - DAY_MS),
      formEndAt: new Date(now + DAY_MS),
      examStartAt: new Date(now + DAY_MS),
      examEndAt: new Date(now + 2 * DAY_MS),
      resultAt: new Date(now + 3 * DAY_MS),
      ...overrides,
    })
    .returning();
  return quiz;
}

export async function createQuestion(db: Queryable, overrides: Partial<typeof questions.$inferInsert> = {}) {
  const [question] = await db
    .insert(questions)
    .values({ text: "What is 2 + 2?", subject: "Mathematics", options: ["3", "4", "5", "22"], correctOptionIndex: 1, ...overrides })
    .returning();
  return question;
}

const DAY = 86_400_000;

/** What the quiz form submits: a certificates quiz whose registration opens now, without questions. */
export function quizInput(overrides: Partial<QuizInput> = {}): QuizInput {
  const now = Date.now();
  return {
    title: `Spring Olympiad ${randomBytes(4).toString("hex")}`,
    description: "",
    contestModel: "paid_certificates",
    prizeMoney: 0,
    entryFee: 500,
    durationMinutes: 30,
    shuffleQuestions: true,
    shuffleOptions: false,
    objectionWindowHours: 48,
    formStartDate: new Date(now),
    formEndDate: new Date(now + DAY),
    examDate: new Date(now + 2 * DAY),
    resultDate: new Date(now + 3 * DAY),
    questions: [],
    ...overrides,
  };
}

/**
 * Paid entry with cash prizes, confirmed lawful (the deployment must allow them: CASH_PRIZES_ALLOWED),
 * whose registration opens tomorrow, so its prizes may still change.
 */
export function cashQuizInput(overrides: Partial<QuizInput> = {}): QuizInput {
  const now = Date.now();
  return quizInput({
    title: `Cash Olympiad ${randomBytes(4).toString("hex")}`,
    contestModel: "paid_cash",
    cashPrizesLawfulConfirmed: true,
    prizeMoney: 1_000,
    entryFee: 100,
    formStartDate: new Date(now + DAY),
    formEndDate: new Date(now + 2 * DAY),
    examDate: new Date(now + 3 * DAY),
    resultDate: new Date(now + 4 * DAY),
    prizes: [
      { rankFrom: 1, rankTo: 1, kind: "cash", amount: 1_000 },
      { rankFrom: 2, rankTo: 5, kind: "free_pass" },
    ],
    ...overrides,
  });
}

/** A quiz input as the API's JSON body carries it: dates as ISO strings. */
export const asBody = (input: QuizInput) => ({
  ...input,
  formStartDate: input.formStartDate.toISOString(),
  formEndDate: input.formEndDate.toISOString(),
  examDate: input.examDate.toISOString(),
  resultDate: input.resultDate.toISOString(),
});
