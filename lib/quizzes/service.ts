import { asc, eq } from "drizzle-orm";
import { quizzes } from "@/db/schema";
import { getDb } from "@/lib/db";

/** What a participant sees of a competition: never its questions. */
export const competitionColumns = {
  id: quizzes.id,
  title: quizzes.title,
  description: quizzes.description,
  entryFeePaise: quizzes.entryFeePaise,
  prizeMoneyPaise: quizzes.prizeMoneyPaise,
  questionCount: quizzes.questionCount,
  durationSeconds: quizzes.durationSeconds,
  formStartAt: quizzes.formStartAt,
  formEndAt: quizzes.formEndAt,
  examStartAt: quizzes.examStartAt,
  resultAt: quizzes.resultAt,
};

/** The competitions a visitor may browse: every quiz except the free demo. */
export async function listCompetitions() {
  const db = await getDb();
  return db
    .select(competitionColumns)
    .from(quizzes)
    .where(eq(quizzes.isDemo, false))
    .orderBy(asc(quizzes.examStartAt));
}
