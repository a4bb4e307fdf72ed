import { quizQuestions, transactions } from "@/db/schema";
import { getDb } from "@/lib/db";
import type { ActiveUser } from "@/lib/auth";
import { createQuestion, createQuiz } from "./factories";

const HOUR = 3_600_000;

/** A paid quiz whose exam window is open now, with `count` questions whose answer is option `correct`. */
export async function openExam(options: { count?: number; correct?: 0 | 1 | 2 | 3; shuffleOptions?: boolean; durationSeconds?: number } = {}) {
  const db = await getDb();
  const now = Date.now();
  const quiz = await createQuiz(db, {
    formStartAt: new Date(now - 48 * HOUR),
    formEndAt: new Date(now - 24 * HOUR),
    examStartAt: new Date(now - HOUR),
    examEndAt: new Date(now + 2 * HOUR),
    resultAt: new Date(now + 3 * HOUR),
    questionCount: options.count ?? 5,
    durationSeconds: options.durationSeconds ?? 1800,
    shuffleOptions: options.shuffleOptions ?? false,
  });
  const questionIds: string[] = [];
  for (let position = 0; position < (options.count ?? 5); position++) {
    const question = await createQuestion(db, { text: `Question ${position + 1}`, correctOptionIndex: options.correct ?? 2, options: ["A", "B", "C", "D"] });
    await db.insert(quizQuestions).values({ quizId: quiz.id, questionId: question.id, position });
    questionIds.push(question.id);
  }
  return { quiz, questionIds };
}

export async function markPaid(user: ActiveUser, quizId: string) {
  const db = await getDb();
  await db.insert(transactions).values({ userId: user.id, quizId, type: "form pay", mode: "upi", status: "verified", amountPaise: 50_000, reason: "test" });
}
