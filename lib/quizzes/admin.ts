import "server-only";
import { DEMO_QUESTION_IN_PAID_QUIZ, PAID_QUESTION_IN_DEMO, QUIZ_IN_USE } from "@/lib/messages";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { questions, quizQuestions, quizzes } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb, type DatabaseTransaction, isStillReferenced } from "@/lib/db";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { rupeesToPaise } from "@/lib/money";
import type { QuizInput } from "./schemas";

/** An exam window without an explicit end stays open for the duration plus an hour of slack. */
function examEnd(input: QuizInput): Date {
  return input.examEndDate ?? new Date(Math.min(input.examDate.getTime() + (input.durationMinutes + 60) * 60_000, Math.max(input.resultDate.getTime(), input.examDate.getTime() + 60_000)));
}

function columns(input: QuizInput) {
  return {
    title: input.title,
    name: input.name || input.title,
    description: input.description,
    prizeMoneyPaise: rupeesToPaise(input.prizeMoney),
    entryFeePaise: rupeesToPaise(input.entryFee),
    capacity: input.capacity ?? null,
    durationSeconds: input.durationMinutes * 60,
    questionCount: input.questions.length || input.questionCount || 25,
    shuffleQuestions: input.shuffleQuestions,
    shuffleOptions: input.shuffleOptions,
    objectionWindowHours: input.objectionWindowHours,
    formStartAt: input.formStartDate,
    formEndAt: input.formEndDate,
    examStartAt: input.examDate,
    examEndAt: examEnd(input),
    resultAt: input.resultDate,
  };
}

/**
 * The demo publishes its answers on /demoquiz, so its questions never appear in a paid quiz,
 * and a paid quiz's questions never in the demo.
 */
async function assertOnOneSideOfTheDemo(tx: DatabaseTransaction, quiz: { id: string; isDemo: boolean }, questionIds: string[]) {
  const [crossing] = await tx
    .select({ id: quizQuestions.questionId })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(and(inArray(quizQuestions.questionId, questionIds), ne(quizzes.id, quiz.id), ne(quizzes.isDemo, quiz.isDemo)))
    .limit(1);
  if (crossing) throw new Conflict(quiz.isDemo ? PAID_QUESTION_IN_DEMO : DEMO_QUESTION_IN_PAID_QUIZ);
}

async function linkQuestions(tx: DatabaseTransaction, quiz: { id: string; isDemo: boolean }, questionIds: string[]) {
  if (questionIds.length > 0) {
    const found = await tx.select({ id: questions.id }).from(questions).where(inArray(questions.id, questionIds));
    if (found.length !== questionIds.length) throw new Invalid("Some picked questions no longer exist in the bank.");
    await assertOnOneSideOfTheDemo(tx, quiz, questionIds);
  }
  await tx.delete(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
  if (questionIds.length > 0) {
    await tx.insert(quizQuestions).values(questionIds.map((questionId, position) => ({ quizId: quiz.id, questionId, position })));
  }
}

const POSTERS = ["/posters/poster-1.svg", "/posters/poster-2.svg"];

export const createQuiz = service("quizzes.edit", async (_actor, input: QuizInput) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [quiz] = await tx.insert(quizzes).values({ ...columns(input), posterUrls: POSTERS }).returning();
    await linkQuestions(tx, quiz, input.questions);
    return { ...quiz, questions: input.questions };
  });
});

/** Questions cannot change once anyone has started the quiz: that would change their exam. */
export const updateQuiz = service("quizzes.edit", async (_actor, quizId: string, input: QuizInput) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [quiz] = await tx.update(quizzes).set(columns(input)).where(eq(quizzes.id, quizId)).returning();
    if (!quiz) throw new NotFound("Quiz not found.");
    const current = await tx.select({ questionId: quizQuestions.questionId }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position));
    const changed = current.map((row) => row.questionId).join() !== input.questions.join();
    if (changed) {
      const [{ started }] = await tx.execute<{ started: boolean }>(sql`select exists (select 1 from attempts where quiz_id = ${quizId}) as started`).then((result) => result.rows);
      if (started) throw new Conflict("Participants have already started this quiz, so its questions cannot change.");
      await linkQuestions(tx, quiz, input.questions);
    }
    return { ...quiz, questions: input.questions };
  });
});

export const duplicateQuiz = service("quizzes.edit", async (_actor, quizId: string) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId));
    if (!original) throw new NotFound("Quiz not found.");
    const links = await tx.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
    // The copy is a paid quiz: the demo's questions (answers public) cannot come along.
    if (original.isDemo && links.length > 0) throw new Conflict(DEMO_QUESTION_IN_PAID_QUIZ);
    const { id: _id, createdAt: _created, updatedAt: _updated, resultsPublishedAt: _published, isDemo: _demo, ...copy } = original;
    const [quiz] = await tx.insert(quizzes).values({ ...copy, title: `${original.title} (copy)` }).returning();
    if (links.length > 0) await tx.insert(quizQuestions).values(links.map((link) => ({ ...link, quizId: quiz.id })));
    return { ...quiz, questions: links.sort((a, b) => a.position - b.position).map((link) => link.questionId) };
  });
});


export const deleteQuiz = service("quizzes.edit", async (_actor, quizId: string): Promise<void> => {
  const db = await getDb();
  try {
    const deleted = await db.delete(quizzes).where(eq(quizzes.id, quizId)).returning({ id: quizzes.id });
    if (deleted.length === 0) throw new NotFound("Quiz not found.");
  } catch (error) {
    if (isStillReferenced(error)) throw new Conflict(QUIZ_IN_USE);
    throw error;
  }
});

/** Every quiz for the admin, with its picked question ids in order. */
export const listQuizzesForAdmin = service("quizzes.edit", async (_actor) => {
  const db = await getDb();
  const [rows, links] = await Promise.all([
    db.select().from(quizzes).orderBy(desc(quizzes.examStartAt)),
    db.select({ quizId: quizQuestions.quizId, questionId: quizQuestions.questionId }).from(quizQuestions).orderBy(asc(quizQuestions.position)),
  ]);
  return rows.map((quiz) => ({ ...quiz, questions: links.filter((link) => link.quizId === quiz.id).map((link) => link.questionId) }));
});
