import "server-only";
import { asc, eq } from "drizzle-orm";
import { questions, quizQuestions, quizzes } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";

export interface DemoQuestion {
  question: string;
  options: string[];
  /** The Hindi version, options in the same order (the answer is the same index); null when there is none. */
  hi: { text: string; options: string[] } | null;
  /** The free practice quiz shows its answers; paid quizzes never send them. */
  answer: number;
}

/** The seeded, admin-editable practice quiz of /demoquiz, answers included. */
export const loadDemoQuiz = service("quizzes.practise", async (_actor) => {
  const db = await getDb();
  const [quiz] = await db.select({ id: quizzes.id, title: quizzes.title, durationSeconds: quizzes.durationSeconds }).from(quizzes).where(eq(quizzes.isDemo, true));
  if (!quiz) return null;
  const rows = await db
    .select({ question: questions.text, options: questions.options, answer: questions.correctOptionIndex, textHi: questions.textHi, optionsHi: questions.optionsHi })
    .from(quizQuestions)
    .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
    .where(eq(quizQuestions.quizId, quiz.id))
    .orderBy(asc(quizQuestions.position));
  const demoQuestions: DemoQuestion[] = rows.map(({ textHi, optionsHi, ...question }) => ({ ...question, hi: textHi !== null && optionsHi !== null ? { text: textHi, options: optionsHi } : null }));
  return { ...quiz, questions: demoQuestions };
});
