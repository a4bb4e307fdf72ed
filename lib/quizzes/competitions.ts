import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import { quizzes } from "@/db/schema";
import { can, service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { prizeTablesOf } from "@/lib/results";
import { listQuizzesForAdmin } from "./admin";

/** What a participant sees of a competition: never its questions. */
export const competitionColumns = {
  id: quizzes.id,
  title: quizzes.title,
  name: quizzes.name,
  description: quizzes.description,
  contestModel: quizzes.contestModel,
  entryFeePaise: quizzes.entryFeePaise,
  prizeMoneyPaise: quizzes.prizeMoneyPaise,
  questionCount: quizzes.questionCount,
  durationSeconds: quizzes.durationSeconds,
  formStartAt: quizzes.formStartAt,
  formEndAt: quizzes.formEndAt,
  examStartAt: quizzes.examStartAt,
  resultAt: quizzes.resultAt,
};

/**
 * The competitions a visitor may browse: every quiz except the free demo, each with its prize
 * table; `unfinished` keeps only those whose result date is still ahead.
 */
export const listCompetitions = service("quizzes.browse", async (_actor, options: { unfinished?: boolean } = {}) => {
  const db = await getDb();
  const notDemo = eq(quizzes.isDemo, false);
  const rows = await db
    .select(competitionColumns)
    .from(quizzes)
    .where(options.unfinished ? and(notDemo, gt(quizzes.resultAt, new Date())) : notDemo)
    .orderBy(asc(quizzes.examStartAt));
  const tables = await prizeTablesOf(db, rows);
  return rows.map((quiz) => ({ ...quiz, prizes: tables.get(quiz.id)?.tiers ?? [] }));
});

/** GET /api/getquizes: admins get every quiz with its question ids; everyone else the public list. */
export const listQuizzes = service("quizzes.browse", async (actor) =>
  can(actor, "quizzes.edit") ? listQuizzesForAdmin(actor) : listCompetitions(actor, {}),
);
