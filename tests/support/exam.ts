import { sql } from "drizzle-orm";
import { attempts, quizQuestions, transactions } from "@/db/schema";
import { getDb } from "@/lib/db";
import type { ActiveUser } from "@/lib/auth";
import { createQuestion, createQuiz, DEFAULT_PRIZE_MONEY_PAISE } from "./factories";
import { participant } from "./users";

const HOUR = 3_600_000;

/** A paid quiz whose exam window is open now, with `count` questions whose answer is option `correct`. */
export async function openExam(
  options: { count?: number; correct?: 0 | 1 | 2 | 3; shuffleOptions?: boolean; durationSeconds?: number; marksPerQuestion?: number; wrongAnswerMarks?: number } = {},
) {
  const db = await getDb();
  const now = Date.now();
  const quiz = await createQuiz(db, {
    formStartAt: new Date(now - 48 * HOUR),
    formEndAt: new Date(now - 24 * HOUR),
    examStartAt: new Date(now - HOUR),
    examEndAt: new Date(now + 2 * HOUR),
    resultAt: new Date(now + 3 * HOUR),
    questionCount: options.count ?? 5,
    prizeMoneyPaise: DEFAULT_PRIZE_MONEY_PAISE,
    durationSeconds: options.durationSeconds ?? 1800,
    shuffleOptions: options.shuffleOptions ?? false,
    marksPerQuestion: options.marksPerQuestion,
    wrongAnswerMarks: options.wrongAnswerMarks,
  });
  const questionIds: string[] = [];
  for (let position = 0; position < (options.count ?? 5); position++) {
    const question = await createQuestion(db, { text: `Question ${position + 1}`, correctOptionIndex: options.correct ?? 2, options: ["A", "B", "C", "D"] });
    await db.insert(quizQuestions).values({ quizId: quiz.id, questionId: question.id, position });
    questionIds.push(question.id);
  }
  return { quiz, questionIds };
}

/** A paid quiz whose exam window is open now: a single-correct question, then an integer question (0–99, key 42), then a multiple-correct one (W X Y Z, key W and Y). */
export async function openTypedExam() {
  const { quiz } = await openExam({ count: 1 });
  const db = await getDb();
  const integer = await createQuestion(db, { text: "Which whole number?", answerType: "integer", options: [], correctOptionIndex: null, acceptedAnswers: [["42", "42"]], answerLimits: ["0", "99"], answerDecimals: 0 });
  const multiple = await createQuestion(db, { text: "Which letters?", answerType: "multiple", options: ["W", "X", "Y", "Z"], correctOptionIndex: null, correctOptions: [0, 2] });
  await db.insert(quizQuestions).values([integer, multiple].map((question, index) => ({ quizId: quiz.id, questionId: question.id, position: index + 1 })));
  return { quiz, questionIds: [integer.id, multiple.id] };
}

export async function markPaid(user: ActiveUser, quizId: string) {
  const db = await getDb();
  await db.insert(transactions).values({ userId: user.id, quizId, type: "form pay", mode: "upi", status: "verified", amountPaise: 50_000, reason: "test" });
}

/** A participant whose entry fee for the quiz is verified: ready to start. */
export async function paidParticipant(quizId: string): Promise<ActiveUser> {
  const user = await participant();
  await markPaid(user, quizId);
  return user;
}

/**
 * Moves an attempt's clock back so its deadline has passed, as if its time ran out: a minute ago,
 * past the network grace, or `justNow`, within it, where no sweep of overdue attempts (which other
 * files run on the shared database at any moment) submits it yet.
 */
export async function expireAttempt(attemptId: string, { justNow = false } = {}) {
  const db = await getDb();
  const deadline = justNow ? sql`now()` : sql`now() - interval '1 minute'`;
  await db.execute(sql`update attempts set started_at = now() - interval '2 hours', deadline_at = ${deadline} where id = ${attemptId}`);
}

/** A quiz whose exam window closed yesterday, its results due tomorrow. */
export async function closedExam() {
  const now = Date.now();
  return createQuiz(await getDb(), {
    formStartAt: new Date(now - 96 * HOUR),
    formEndAt: new Date(now - 72 * HOUR),
    examStartAt: new Date(now - 48 * HOUR),
    examEndAt: new Date(now - 24 * HOUR),
    resultAt: new Date(now + 24 * HOUR),
  });
}

/** A submitted attempt with the given score and time, as the exam would have stored it. */
export async function submittedAttempt(quizId: string, participantId: string, score: number, timeTakenSeconds: number) {
  const db = await getDb();
  const startedAt = new Date(Date.now() - 30 * HOUR);
  const submittedAt = new Date(startedAt.getTime() + timeTakenSeconds * 1000);
  const [attempt] = await db
    .insert(attempts)
    .values({ quizId, participantId, shuffleSeed: 1, startedAt, deadlineAt: new Date(startedAt.getTime() + HOUR), timeLeftSeconds: 0, submittedAt, score, timeTakenSeconds })
    .returning();
  return attempt;
}

/** Any fixed number: the advisory lock the tests below take turns on. */
const FINALISING_LOCK = 741_852;

/**
 * finaliseOverdueAttempts submits every overdue attempt in the database, whichever test made it
 * overdue (publishResults submits its own quiz's only). A test that checks who finalised its overdue
 * attempt, and a test that publishes, each run that part holding this lock, so they never
 * overlap across test files. Only tests that take it are kept apart.
 */
export async function finalisingAlone<T>(work: () => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FINALISING_LOCK})`);
    return work();
  });
}
