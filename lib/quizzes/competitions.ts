import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import { quizzes } from "@/db/schema";
import { can, service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { prizeTablesOf } from "./prizes";
import { listQuizzesForAdmin } from "./admin";
import { CONTEST_MODELS, type ContestModel } from "./schemas";

/** What a participant sees of a competition: never its questions. */
export const competitionColumns = {
  id: quizzes.id,
  title: quizzes.title,
  titleHi: quizzes.titleHi,
  name: quizzes.name,
  description: quizzes.description,
  descriptionHi: quizzes.descriptionHi,
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

/**
 * The contest models the site's competitions actually follow, in CONTEST_MODELS' order, for the
 * terms and the home page to describe (never more than is in use): those of every quiz but the
 * demo whose result is still ahead or was published within the prize-claim period, whose
 * winners are still being paid.
 */
export const contestModelsInUse = service("quizzes.browse", async (_actor, now: Date = new Date()): Promise<ContestModel[]> => {
  const db = await getDb();
  const since = new Date(now.getTime() - config.payouts.claimDays * 24 * 60 * 60 * 1000);
  const rows = await db
    .selectDistinct({ model: quizzes.contestModel })
    .from(quizzes)
    .where(and(eq(quizzes.isDemo, false), gt(quizzes.resultAt, since)));
  const used = new Set(rows.map((row) => row.model));
  return CONTEST_MODELS.filter((model) => used.has(model));
});
