import { eq } from "drizzle-orm";
import { attemptAnswers, attempts, quizQuestions, type AcceptedRanges } from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { publishAnswerKey } from "@/lib/results";
import { createQuestion, createQuiz } from "./factories";
import { HOUR } from "./results";
import { admin, participant } from "./users";

/** A participant's answers to the three questions: the integer typed, the options chosen, the decimal typed; null: not answered. */
type Answers = [string | null, number[] | null, string | null];

/**
 * +3 for a right answer, −1 for a wrong one, no sections. Question 1: an integer from 0 to 99,
 * key 42. Question 2: options W X Y Z, key W and Y. Question 3: a numerical answer of two
 * decimals, key 2.50 ± 0.01. P is right everywhere (9); Q typed 57, chose W alone and typed 2.52
 * (−3); R typed 57, chose W X Y and left question 3 (−2); S answered nothing (0).
 */
const ANSWERS: Record<string, Answers> = {
  P: ["42", [0, 2], "2.50"],
  Q: ["57", [0], "2.52"],
  R: ["57", [0, 1, 2], null],
  S: [null, null, null],
};

export async function typedQuiz() {
  const db = await getDb();
  const examEndAt = new Date(Date.now() - HOUR);
  const quiz = await createQuiz(db, {
    formStartAt: new Date(examEndAt.getTime() - 72 * HOUR),
    formEndAt: new Date(examEndAt.getTime() - 48 * HOUR),
    examStartAt: new Date(examEndAt.getTime() - 2 * HOUR),
    examEndAt,
    resultAt: new Date(examEndAt.getTime() + 96 * HOUR),
    questionCount: 3,
    marksPerQuestion: 3,
    wrongAnswerMarks: 1,
    shuffleQuestions: false,
    shuffleOptions: false,
  });
  const bank = [
    { text: "Which whole number?", answerType: "integer" as const, options: [], correctOptionIndex: null, acceptedAnswers: [["42", "42"]] as AcceptedRanges, answerLimits: ["0", "99"] as [string, string], answerDecimals: 0 },
    { text: "Which letters?", answerType: "multiple" as const, options: ["W", "X", "Y", "Z"], correctOptionIndex: null, correctOptions: [0, 2] },
    { text: "Which decimal?", answerType: "numerical" as const, options: [], correctOptionIndex: null, acceptedAnswers: [["2.49", "2.51"]] as AcceptedRanges, answerDecimals: 2 },
  ];
  const questionIds: string[] = [];
  for (const [position, question] of bank.entries()) {
    const created = await createQuestion(db, question);
    await db.insert(quizQuestions).values({ quizId: quiz.id, questionId: created.id, position });
    questionIds.push(created.id);
  }
  const people: Record<string, ActiveUser> = {};
  for (const [name, answers] of Object.entries(ANSWERS)) {
    const user = await participant();
    people[name] = user;
    const startedAt = new Date(examEndAt.getTime() - HOUR);
    // One transaction: a sweep of overdue attempts by another test file must not submit it before its answers are in.
    await db.transaction(async (tx) => {
      const [attempt] = await tx
        .insert(attempts)
        .values({ quizId: quiz.id, participantId: user.id, shuffleSeed: 1, startedAt, deadlineAt: new Date(startedAt.getTime() + 30 * 60_000), timeLeftSeconds: 0, score: 0, timeTakenSeconds: 100 })
        .returning();
      const [typed, chosen, decimal] = answers;
      const rows = [
        typed === null ? null : { questionId: questionIds[0], typedAnswer: typed },
        chosen === null ? null : { questionId: questionIds[1], selectedOptions: chosen },
        decimal === null ? null : { questionId: questionIds[2], typedAnswer: decimal },
      ].flatMap((row) => (row ? [{ ...row, attemptId: attempt.id, answeredAt: startedAt }] : []));
      if (rows.length > 0) await tx.insert(attemptAnswers).values(rows);
      await tx.update(attempts).set({ submittedAt: new Date(startedAt.getTime() + 100_000) }).where(eq(attempts.id, attempt.id));
    });
  }
  const boss = await admin();
  await publishAnswerKey(boss, quiz.id);
  return { quiz, questionIds, people, boss };
}

