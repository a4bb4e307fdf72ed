import "server-only";
import { asc, eq } from "drizzle-orm";
import { quizzes } from "@/db/schema";
import { can, service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { listQuizzesForAdmin } from "./admin";

/** What a participant sees of a competition: never its questions. */
export const competitionColumns = {
  id: quizzes.id,
  title: quizzes.title,
  name: quizzes.name,
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
export const listCompetitions = service("quizzes.browse", async (_actor) => {
  const db = await getDb();
  return db
    .select(competitionColumns)
    .from(quizzes)
    .where(eq(quizzes.isDemo, false))
    .orderBy(asc(quizzes.examStartAt));
});

/** GET /api/getquizes: admins get every quiz with its question ids; everyone else the public list. */
export const listQuizzes = service("quizzes.browse", async (actor) =>
  can(actor, "quizzes.edit") ? listQuizzesForAdmin(actor) : listCompetitions(actor),
);
