import "server-only";
import { asc, eq } from "drizzle-orm";
import { questions, quizQuestions, quizzes, type RenderedWording } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";

export interface DemoQuestion {
  question: string;
  options: string[];
  /** The texts rendered when saved (formulas, tables); null when all are plain. */
  html: RenderedWording | null;
  /** The Hindi version, options in the same order (the answer is the same index); null when there is none. */
  hi: { text: string; options: string[]; html: RenderedWording | null } | null;
  /** The free practice quiz shows its answers; paid quizzes never send them. */
  answer: number;
}

/** The seeded, admin-editable practice quiz of /demoquiz, answers included. */
export const loadDemoQuiz = service("quizzes.practise", async (_actor) => {
  const db = await getDb();
  const [quiz] = await db.select({ id: quizzes.id, title: quizzes.title, durationSeconds: quizzes.durationSeconds }).from(quizzes).where(eq(quizzes.isDemo, true));
  if (!quiz) return null;
  const rows = await db
    .select({ question: questions.text, options: questions.options, answer: questions.correctOptionIndex, textHi: questions.textHi, optionsHi: questions.optionsHi, rendered: questions.rendered })
    .from(quizQuestions)
    .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
    .where(eq(quizQuestions.quizId, quiz.id))
    .orderBy(asc(quizQuestions.position));
  // The demo page plays single-correct questions only (its answer is one option): another type picked into it is left out.
  const demoQuestions: DemoQuestion[] = rows.flatMap(({ textHi, optionsHi, rendered, answer, ...question }) =>
    answer === null ? [] : [{ ...question, answer, html: rendered?.en ?? null, hi: textHi !== null && optionsHi !== null ? { text: textHi, options: optionsHi, html: rendered?.hi ?? null } : null }],
  );
  return { ...quiz, questions: demoQuestions };
});
