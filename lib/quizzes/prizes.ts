import "server-only";
import { asc, eq, inArray, isNull, or } from "drizzle-orm";
import { prizeTiers, quizzes } from "@/db/schema";
import { service, step } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { cashTotalPaise, type PrizeTierRow } from "./schemas";

const tierColumns = { rankFrom: prizeTiers.rankFrom, rankTo: prizeTiers.rankTo, kind: prizeTiers.kind, amountPaise: prizeTiers.amountPaise };

/** The default prize table: what a new quiz's table starts from. */
export const defaultPrizeTable = service("quizzes.browse", async (): Promise<PrizeTierRow[]> => {
  const db = await getDb();
  return db.select(tierColumns).from(prizeTiers).where(isNull(prizeTiers.quizId)).orderBy(asc(prizeTiers.rankFrom));
});

export interface QuizPrizeTable {
  tiers: PrizeTierRow[];
  /** "own": the quiz's table; "default": it has none and the default adds up to its prize money; "none": neither. */
  source: "own" | "default" | "none";
}

/**
 * Each quiz's prize table: its own rows, else the default table, but only when the default's
 * cash adds up to that quiz's prize money. A ₹1,000 quiz without a table of its own never shows
 * the default's ₹1,00,000 first prize: it shows no tiers at all.
 */
export const prizeTablesOf = step(async (db: Queryable, quizRows: readonly { id: string; prizeMoneyPaise: number }[]): Promise<Map<string, QuizPrizeTable>> => {
  const tables = new Map<string, QuizPrizeTable>();
  if (quizRows.length === 0) return tables;
  const rows = await db
    .select({ quizId: prizeTiers.quizId, ...tierColumns })
    .from(prizeTiers)
    .where(or(isNull(prizeTiers.quizId), inArray(prizeTiers.quizId, quizRows.map((quiz) => quiz.id))))
    .orderBy(asc(prizeTiers.rankFrom));
  const fallback = rows.filter((row) => row.quizId === null).map(({ quizId: _quizId, ...tier }) => tier);
  const fallbackCash = cashTotalPaise(fallback);
  for (const quiz of quizRows) {
    const own = rows.filter((row) => row.quizId === quiz.id).map(({ quizId: _quizId, ...tier }) => tier);
    if (own.length > 0) tables.set(quiz.id, { tiers: own, source: "own" });
    else if (fallback.length > 0 && fallbackCash === quiz.prizeMoneyPaise) tables.set(quiz.id, { tiers: fallback, source: "default" });
    else tables.set(quiz.id, { tiers: [], source: "none" });
  }
  return tables;
});

/** One quiz's prize table (see prizeTablesOf): what its winners are paid, rank range by rank range. */
export const quizPrizeTable = service("quizzes.browse", async (_actor, quizId: string): Promise<QuizPrizeTable> => {
  const db = await getDb();
  const [quiz] = await db.select({ id: quizzes.id, prizeMoneyPaise: quizzes.prizeMoneyPaise }).from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound(message("quizNotFound"));
  const tables = await prizeTablesOf(db, [quiz]);
  return tables.get(quiz.id)!;
});
