import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { AnswerType } from "@/db/schema";
import { service } from "@/lib/auth";
import { toCsv } from "@/lib/csv";
import { getDb } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { paiseToRupees } from "@/lib/money";
import { activityQuery, finishedQuizzesQuery, itemAnalysisQuery, pendingQuery, scoreDistributionQuery, seatsQuery } from "./queries";
import {
  itemFlags,
  keyLabel,
  OPTION_LETTERS,
  type ActivityDay,
  type FinishedQuiz,
  type InsightTable,
  type ItemAnalysis,
  type PendingVerifications,
  type QuizSeats,
  type ScoreDistribution,
} from "./schemas";

type Row = Record<string, unknown>;

/**
 * Runs one Overview query with PostgreSQL's JIT compiler off for it alone: on 100,000 attempts
 * these plans cost enough to trigger JIT, whose compiling took longer than it saved (about 0.7 s
 * on the activity query; `npm run bench:insights` prints both).
 */
async function rowsOf(statement: SQL): Promise<Row[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return (await tx.execute<Row>(statement)).rows;
  });
}

/** PostgreSQL's bigint sums arrive as strings; every amount here fits a JavaScript number. */
const asNumber = (value: unknown): number => Number(value ?? 0);
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export const activityByDay = service("insights.view", async (_actor, now: Date = new Date()): Promise<ActivityDay[]> => {
  const rows = await rowsOf(activityQuery(now));
  return rows.map((row) => ({
    day: String(row.day),
    newAccounts: asNumber(row.new_accounts),
    registrations: asNumber(row.registrations),
    verifiedPayments: asNumber(row.verified_payments),
    revenuePaise: asNumber(row.revenue_paise),
    refundedPaise: asNumber(row.refunded_paise),
  }));
});

export const pendingVerifications = service("insights.view", async (_actor, now: Date = new Date()): Promise<PendingVerifications> => {
  const rows = await rowsOf(pendingQuery(now));
  return {
    total: rows.length ? asNumber(rows[0].total) : 0,
    oldest: rows.map((row) => ({
      id: String(row.id),
      type: row.type as PendingVerifications["oldest"][number]["type"],
      amountPaise: asNumber(row.amount_paise),
      createdAt: asDate(row.created_at),
      ageSeconds: asNumber(row.age_seconds),
      participantName: String(row.participant_name),
      quizTitle: row.quiz_title === null ? null : String(row.quiz_title),
      statementMatched: Boolean(row.statement_matched),
    })),
  };
});

export const seatsLeft = service("insights.view", async (_actor, now: Date = new Date()): Promise<QuizSeats[]> => {
  const rows = await rowsOf(seatsQuery(now));
  return rows.map((row) => {
    const capacity = row.capacity === null ? null : asNumber(row.capacity);
    const registered = asNumber(row.registered);
    return {
      id: String(row.id),
      title: String(row.title),
      capacity,
      registered,
      pending: asNumber(row.pending),
      seatsLeft: capacity === null ? null : Math.max(0, capacity - registered),
      formEndAt: asDate(row.form_end_at),
      examStartAt: asDate(row.exam_start_at),
    };
  });
});

export const finishedQuizzes = service("insights.view", async (_actor, now: Date = new Date()): Promise<FinishedQuiz[]> => {
  const rows = await rowsOf(finishedQuizzesQuery(now));
  return rows.map((row) => ({
    id: String(row.id),
    title: String(row.title),
    examEndAt: asDate(row.exam_end_at),
    resultsPublishedAt: row.results_published_at === null ? null : asDate(row.results_published_at),
    takers: asNumber(row.takers),
  }));
});

export const scoreDistribution = service("insights.view", async (_actor, quizId: string): Promise<ScoreDistribution> => {
  const rows = await rowsOf(scoreDistributionQuery(quizId));
  if (rows.length === 0) throw new NotFound(message("noSuchQuiz"));
  const maxScore = asNumber(rows[0].max_score);
  const counts = new Map(rows.filter((row) => row.score !== null).map((row) => [asNumber(row.score), asNumber(row.attempts)]));
  // A score above the maximum (the quiz lost a question after scoring) still shows, past the end;
  // with negative marking a score below 0 shows before the start.
  const top = Math.max(maxScore, ...counts.keys());
  const bottom = Math.min(0, ...counts.keys());
  return {
    takers: [...counts.values()].reduce((sum, n) => sum + n, 0),
    maxScore,
    buckets: Array.from({ length: top - bottom + 1 }, (_, index) => ({ score: bottom + index, attempts: counts.get(bottom + index) ?? 0 })),
  };
});

export const itemAnalysis = service("insights.view", async (_actor, quizId: string): Promise<ItemAnalysis> => {
  const rows = await rowsOf(itemAnalysisQuery(quizId));
  // No rows is a quiz without questions, or no quiz at all: only the second is a 404.
  if (rows.length === 0 && (await rowsOf(sql`select 1 from quizzes where id = ${quizId}`)).length === 0) throw new NotFound(message("noSuchQuiz"));
  const takers = rows.length ? asNumber(rows[0].takers) : 0;
  const groupSize = rows.length ? asNumber(rows[0].group_size) : 0;
  return {
    takers,
    groupSize,
    items: rows.map((row) => {
      const answerType = String(row.answer_type) as AnswerType;
      const item = {
        questionId: String(row.question_id),
        number: asNumber(row.position) + 1,
        text: String(row.text),
        html: row.html === null ? null : String(row.html),
        options: row.options as string[],
        answerType,
        keyOptionIndex: answerType === "single" ? asNumber(row.key_option_index) : null,
        dropped: Boolean(row.dropped),
        takers,
        shareCorrect: takers === 0 ? null : asNumber(row.right_answers) / takers,
        discrimination: groupSize === 0 ? null : (asNumber(row.upper_correct) - asNumber(row.lower_correct)) / groupSize,
        optionCounts: (row.option_counts as number[]).map(asNumber),
        unanswered: takers - asNumber(row.answered),
      };
      return { ...item, flags: itemFlags(item) };
    }),
  };
});

const ratio = (value: number | null) => (value === null ? "" : value.toFixed(3));
const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);

/** One Overview table as CSV, the same columns the tab shows (amounts in rupees, times in UTC ISO). */
export const insightCsv = service("insights.view", async (actor, table: InsightTable, quizId?: string, now: Date = new Date()): Promise<string> => {
  switch (table) {
    case "activity":
      return toCsv([
        ["day", "new_accounts", "registrations", "verified_payments", "revenue_rupees", "refunded_rupees"],
        ...(await activityByDay(actor, now)).map((d) => [d.day, String(d.newAccounts), String(d.registrations), String(d.verifiedPayments), rupees(d.revenuePaise), rupees(d.refundedPaise)]),
      ]);
    case "pending":
      return toCsv([
        ["transaction_id", "type", "participant", "quiz", "amount_rupees", "submitted_at", "age_hours", "statement_matched"],
        ...(await pendingVerifications(actor, now)).oldest.map((p) => [
          p.id,
          p.type,
          p.participantName,
          p.quizTitle ?? "",
          rupees(p.amountPaise),
          p.createdAt.toISOString(),
          (p.ageSeconds / 3600).toFixed(1),
          p.statementMatched ? "yes" : "no",
        ]),
      ]);
    case "seats":
      return toCsv([
        ["quiz_id", "quiz", "capacity", "registered", "pending", "seats_left", "registration_closes_at", "exam_starts_at"],
        ...(await seatsLeft(actor, now)).map((q) => [q.id, q.title, q.capacity === null ? "" : String(q.capacity), String(q.registered), String(q.pending), q.seatsLeft === null ? "" : String(q.seatsLeft), q.formEndAt.toISOString(), q.examStartAt.toISOString()]),
      ]);
    case "scores":
      return toCsv([["score", "attempts"], ...(await scoreDistribution(actor, requireQuiz(quizId))).buckets.map((b) => [String(b.score), String(b.attempts)])]);
    case "items":
      return toCsv([
        ["question", "text", "key", "dropped", "takers", "share_correct", "discrimination", ...OPTION_LETTERS.map((letter) => `chose_${letter}`), "unanswered", "flags"],
        ...(await itemAnalysis(actor, requireQuiz(quizId))).items.map((i) => [
          String(i.number),
          i.text,
          keyLabel(i),
          i.dropped ? "yes" : "no",
          String(i.takers),
          ratio(i.shareCorrect),
          ratio(i.discrimination),
          ...OPTION_LETTERS.map((_, option) => (option < i.optionCounts.length ? String(i.optionCounts[option]) : "")),
          String(i.unanswered),
          i.flags.join("; "),
        ]),
      ]);
  }
});

function requireQuiz(quizId: string | undefined): string {
  if (!quizId) throw new NotFound(message("noSuchQuiz"));
  return quizId;
}
