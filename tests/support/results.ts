import { eq } from "drizzle-orm";
import { attemptAnswers, attempts, publishedResults, quizQuestions, quizzes, resultRows } from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { publishAnswerKey } from "@/lib/results";
import { FIRST_PUBLICATION, rankFromAnswers, resultsDigest, type ResultsBasis } from "@/lib/results/frozen";
import { keyEntriesOf, singleKeyOf } from "@/lib/results/key";
import { rankParticipants } from "@/lib/results/ranking";
import { createQuestion, createQuiz, DEFAULT_PRIZE_MONEY_PAISE } from "./factories";
import { admin, participant } from "./users";

export const HOUR = 3_600_000;

/**
 * Three questions whose bank answers are options 0, 1 and 2; four participants with known
 * canonical answers. A and B tie at the top (2 marks, 100 s), C and D score 1.
 */
export const ANSWERS: Record<string, (number | null)[]> = {
  A: [0, 1, 3],
  B: [0, 3, 2],
  C: [1, 1, 3],
  D: [0, null, null],
};
const TIMES: Record<string, number> = { A: 100, B: 100, C: 100, D: 200 };

/** The quiz's own marking scheme; left out, SPEC's 1 mark and no negative marking. */
type Marking = { marksPerQuestion?: number; wrongAnswerMarks?: number };

export async function seededQuiz(options: { examEndedAgoMs?: number; shuffle?: boolean; marking?: Marking } = {}) {
  const db = await getDb();
  const { quiz, questionIds } = await closedQuizWithKey([0, 1, 2], options);
  const people: Record<string, ActiveUser> = {};
  for (const [name, answers] of Object.entries(ANSWERS)) {
    const user = await participant();
    people[name] = user;
    const startedAt = new Date(quiz.examEndAt.getTime() - HOUR);
    // One transaction: the attempt is past its deadline, and a sweep of overdue attempts run by a
    // test file beside this one (the database is shared) must not submit it before its answers are in.
    await db.transaction(async (tx) => {
      const [attempt] = await tx
        .insert(attempts)
        .values({
          quizId: quiz.id,
          participantId: user.id,
          shuffleSeed: 12345 + name.charCodeAt(0),
          startedAt,
          deadlineAt: new Date(startedAt.getTime() + 30 * 60_000),
          timeLeftSeconds: 0,
          // Deliberately wrong: publishing the key rescores from the stored answers.
          score: 0,
          timeTakenSeconds: TIMES[name],
        })
        .returning();
      const answered = answers.flatMap((selected, index) => (selected === null ? [] : [{ attemptId: attempt.id, questionId: questionIds[index], selectedOptionIndex: selected, answeredAt: startedAt }]));
      if (answered.length > 0) await tx.insert(attemptAnswers).values(answered);
      // Submitted once answered: a submitted attempt's answers are frozen.
      await tx.update(attempts).set({ submittedAt: new Date(startedAt.getTime() + TIMES[name] * 1000) }).where(eq(attempts.id, attempt.id));
    });
  }
  return { quiz, questionIds, people };
}

export async function scoresOf(quizId: string, people: Record<string, ActiveUser>) {
  const db = await getDb();
  const rows = await db.select().from(attempts).where(eq(attempts.quizId, quizId));
  const nameOf = new Map(Object.entries(people).map(([name, user]) => [user.id, name]));
  const scores = Object.fromEntries(rows.map((row) => [nameOf.get(row.participantId)!, row.score]));
  const ranked = rankParticipants(
    rows.map((row) => ({ participantId: row.participantId, score: row.score ?? 0, timeTakenSeconds: row.timeTakenSeconds ?? 0, submittedAt: row.submittedAt ?? new Date(0) })),
    [],
  );
  const ranks = Object.fromEntries(ranked.map((row) => [nameOf.get(row.participantId)!, row.rank]));
  return { scores, ranks };
}

export async function quizRow(quizId: string) {
  const db = await getDb();
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  return quiz;
}

/**
 * Publishes a seeded quiz's results as they were published before results files (format 1):
 * participant ids in the canonical JSON, no pseudonyms, no prizes. Answers the digest.
 */
export async function legacyPublication(quiz: { id: string; marksPerQuestion: number }, questionIds: string[]): Promise<string> {
  const db = await getDb();
  const basis: ResultsBasis = {
    quizId: quiz.id,
    ...FIRST_PUBLICATION,
    marksPerQuestion: quiz.marksPerQuestion,
    wrongAnswerMarks: 0,
    sections: [],
    key: keyEntriesOf(questionIds.map((questionId, position) => ({ questionId, correctOptionIndex: position, dropped: false }))),
    prizes: [],
  };
  const rows = await rankFromAnswers(db, basis, []);
  const digest = resultsDigest(basis, rows);
  await db.insert(publishedResults).values({ quizId: quiz.id, answerKey: singleKeyOf(basis.key), prizeTable: [], marksPerQuestion: basis.marksPerQuestion, digest });
  await db.insert(resultRows).values(rows.map((row) => ({ quizId: quiz.id, ...row })));
  await db.update(quizzes).set({ resultsPublishedAt: new Date() }).where(eq(quizzes.id, quiz.id));
  return digest;
}

/** Publishes the seeded quiz's provisional key as the window closes; answers when its objection window ends. */
export async function settleKey(quiz: { id: string; examEndAt: Date; objectionWindowHours: number }): Promise<Date> {
  await publishAnswerKey(await admin(), quiz.id, quiz.examEndAt);
  return new Date(quiz.examEndAt.getTime() + quiz.objectionWindowHours * HOUR);
}

/**
 * A quiz whose exam window closed `examEndedAgoMs` ago (an hour by default), paid from the default
 * prize table, with one question per entry of `key` (that entry is its bank answer).
 */
async function closedQuizWithKey(key: number[], options: { examEndedAgoMs?: number; shuffle?: boolean; marking?: Marking } = {}) {
  const db = await getDb();
  const examEndAt = new Date(Date.now() - (options.examEndedAgoMs ?? HOUR));
  const quiz = await createQuiz(db, {
    formStartAt: new Date(examEndAt.getTime() - 72 * HOUR),
    formEndAt: new Date(examEndAt.getTime() - 48 * HOUR),
    examStartAt: new Date(examEndAt.getTime() - 2 * HOUR),
    examEndAt,
    resultAt: new Date(examEndAt.getTime() + 96 * HOUR),
    questionCount: key.length,
    prizeMoneyPaise: DEFAULT_PRIZE_MONEY_PAISE,
    shuffleQuestions: options.shuffle ?? false,
    shuffleOptions: options.shuffle ?? false,
    ...options.marking,
  });
  const questionIds: string[] = [];
  for (const [position, correctOptionIndex] of key.entries()) {
    const question = await createQuestion(db, { text: `Question ${position + 1}`, options: ["W", "X", "Y", "Z"], correctOptionIndex });
    await db.insert(quizQuestions).values({ quizId: quiz.id, questionId: question.id, position });
    questionIds.push(question.id);
  }
  return { quiz, questionIds };
}

/** A quiz whose exam window closed an hour ago, with `count` questions whose answer is option 2. */
export function closedQuizWithQuestions(count: number) {
  return closedQuizWithKey(Array.from({ length: count }, () => 2));
}

/** A submitted attempt that answered the first `right` questions correctly and the rest wrongly. */
export async function answeredAttempt(quizId: string, questionIds: string[], participantId: string, right: number, timeTakenSeconds: number) {
  const db = await getDb();
  const startedAt = new Date(Date.now() - 2 * HOUR);
  const [attempt] = await db
    .insert(attempts)
    .values({ quizId, participantId, shuffleSeed: 1, startedAt, deadlineAt: new Date(startedAt.getTime() + HOUR), timeLeftSeconds: 0, score: 0, timeTakenSeconds })
    .returning();
  await db.insert(attemptAnswers).values(questionIds.map((questionId, index) => ({ attemptId: attempt.id, questionId, selectedOptionIndex: index < right ? 2 : 0, answeredAt: startedAt })));
  // Submitted once answered: a submitted attempt's answers are frozen.
  const [submitted] = await db
    .update(attempts)
    .set({ submittedAt: new Date(startedAt.getTime() + timeTakenSeconds * 1000) })
    .where(eq(attempts.id, attempt.id))
    .returning();
  return submitted;
}
