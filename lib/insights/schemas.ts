import { z } from "zod";
import type { AnswerType } from "@/db/schema";

/**
 * What the admin's Overview shows, as plain data (safe in the browser: the charts get it as props),
 * and the rules that read an item analysis. The queries behind it are in ./queries.ts.
 */

/** Days of activity the Overview charts, ending today (India time). */
export const ACTIVITY_DAYS = 30;
/** The oldest pending payments listed; the count above the list is of all of them. */
export const PENDING_LISTED = 200;
/**
 * Kelley's classic split for the discrimination index: the upper and lower 27 % of takers by total
 * score (27 % balances group size against how far apart the groups are). Each group holds
 * round(27 % × takers) places; takers tied at a group's edge share its last places (./queries.ts).
 */
export const DISCRIMINATION_GROUP_SHARE = 0.27;

export interface ActivityDay {
  /** India calendar day, YYYY-MM-DD. */
  day: string;
  newAccounts: number;
  /** Entry fees submitted that day (any status): participants registering for a quiz. */
  registrations: number;
  /** Entry fees verified that day (free entries left out: no money moved). */
  verifiedPayments: number;
  /** What those verified entry fees brought in. */
  revenuePaise: number;
  /** Entry fees given back to wallets that day. */
  refundedPaise: number;
}

interface PendingVerification {
  id: string;
  type: "credit" | "debit" | "form pay";
  amountPaise: number;
  createdAt: Date;
  ageSeconds: number;
  participantName: string;
  quizTitle: string | null;
  /** A bank statement row matched its UTR and amount (reconciliation). */
  statementMatched: boolean;
}

export interface PendingVerifications {
  total: number;
  /** The oldest first, at most PENDING_LISTED. */
  oldest: PendingVerification[];
}

export interface QuizSeats {
  id: string;
  title: string;
  capacity: number | null;
  registered: number;
  pending: number;
  /** Capacity less verified registrations, as the dashboard shows it; null when unlimited. */
  seatsLeft: number | null;
  formEndAt: Date;
  examStartAt: Date;
}

export interface FinishedQuiz {
  id: string;
  title: string;
  examEndAt: Date;
  resultsPublishedAt: Date | null;
  takers: number;
}

interface ScoreBucket {
  score: number;
  attempts: number;
}

export interface ScoreDistribution {
  takers: number;
  maxScore: number;
  /** Every score from 0 (or the lowest negative score) to maxScore, zero counts included, so the chart has no gaps. */
  buckets: ScoreBucket[];
}

export interface ItemAnalysisRow {
  questionId: string;
  /** 1-based, in the quiz's order. */
  number: number;
  text: string;
  /** The text as the exam shows it, formulas rendered (lib/content); null for a plain text. */
  html: string | null;
  options: string[];
  answerType: AnswerType;
  /** A single-correct question's key as scoring uses it now (the quiz's own once published, else the bank's); null for the other types. */
  keyOptionIndex: number | null;
  dropped: boolean;
  takers: number;
  /** Share of takers whose answer is right (unanswered counts as wrong); null with no takers. */
  shareCorrect: number | null;
  /** Share correct in the upper 27 % less share correct in the lower 27 %, from −1 to 1; null when the groups are empty. */
  discrimination: number | null;
  /** Takers choosing each option of a single-correct question; empty for the other types. */
  optionCounts: number[];
  unanswered: number;
}

export interface ItemAnalysis {
  takers: number;
  /** Size of each of the upper and lower groups. */
  groupSize: number;
  items: (ItemAnalysisRow & { flags: ItemFlag[] })[];
}

export type ItemFlag = "negative discrimination" | "distractor beats key";

/** The option letters the item analysis counts, as many as a question may have. */
export const OPTION_LETTERS = ["A", "B", "C", "D", "E", "F"] as const;

const TYPED_KEYS: Record<Exclude<AnswerType, "single">, string> = { multiple: "one or more", integer: "whole number", numerical: "number" };

/** A question's key as the item analysis names it: a single-correct question's letter, else what kind of answer it takes. */
export function keyLabel(item: Pick<ItemAnalysisRow, "answerType" | "keyOptionIndex">): string {
  return item.answerType === "single" ? OPTION_LETTERS[item.keyOptionIndex!] : TYPED_KEYS[item.answerType];
}

/**
 * Signs of a wrong key: the strongest takers got it wrong more often than the weakest, or one wrong
 * option drew more takers than the key. A dropped question scores everyone and is not flagged.
 */
export function itemFlags(item: ItemAnalysisRow): ItemFlag[] {
  if (item.dropped || item.takers === 0) return [];
  const flags: ItemFlag[] = [];
  if (item.discrimination !== null && item.discrimination < 0) flags.push("negative discrimination");
  const key = item.keyOptionIndex;
  if (key !== null && item.optionCounts.some((count, index) => index !== key && count > item.optionCounts[key])) flags.push("distractor beats key");
  return flags;
}

const INSIGHT_TABLES = ["activity", "pending", "seats", "scores", "items"] as const;
export type InsightTable = (typeof INSIGHT_TABLES)[number];

/** The CSV export's query: which table, and for a finished quiz's tables, which quiz. */
export const insightCsvQuery = z
  .object({ table: z.enum(INSIGHT_TABLES), quiz: z.uuid().optional() })
  .refine((query) => (query.table === "scores" || query.table === "items") === (query.quiz !== undefined), {
    message: "Choose a finished quiz for its score distribution or item analysis, and only for those.",
    path: ["quiz"],
  });

export const insightQuizQuery = z.object({ quiz: z.uuid().optional() });
