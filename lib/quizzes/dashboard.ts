import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { appeals, attempts, quizzes, transactions, users } from "@/db/schema";
import { service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { gatewayOrderStates, paymentStates } from "@/lib/payments";
import type { GatewayOrderState } from "@/lib/payments/schemas";
import { freePassesOf } from "@/lib/payouts";
import { prizeTablesOf } from "./prizes";
import { competitionColumns } from "./competitions";
import type { ContestModel, PrizeTierRow } from "./schemas";
import { arrangeDashboard, participantAction, type CardAction, type CardSchedule } from "./dashboard-cards";

/** Finished quizzes stay on the dashboard, under Past quizzes, this long after their result date. */
const PAST_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DashboardQuiz extends CardSchedule {
  id: string;
  title: string;
  titleHi: string | null;
  description: string;
  descriptionHi: string | null;
  contestModel: ContestModel;
  posterUrls: string[];
  entryFeePaise: number;
  prizeMoneyPaise: number;
  questionCount: number;
  durationSeconds: number;
  resultAt: Date;
  /** Capacity less verified registrations; null when the quiz has no capacity (counter hidden). */
  seatsLeft: number | null;
  action: CardAction;
  /** This quiz's prize table (its own, or the default when that adds up to its prize money). */
  prizes: PrizeTierRow[];
  /** The participant's latest order for this quiz at the payment gateway, when there is one. */
  gatewayOrder: GatewayOrderState | null;
}

export interface Dashboard {
  /** The instant the actions were decided at; the countdown starts from it. */
  now: Date;
  /** In the order the participant should see them; see arrangeDashboard. */
  quizzes: DashboardQuiz[];
  past: DashboardQuiz[];
  walletBalancePaise: number;
  /** Free passes held, oldest first: entry credit that pays a fee, apart from the wallet's money. */
  freePasses: { quizId: string; title: string; titleHi: string | null }[];
  upi: { id: string; payeeName: string };
  participant: { id: string; name: string; hasDateOfBirth: boolean };
}

/** Everything the dashboard shows one participant: their competitions, what each offers them now, in order. */
export const loadDashboard = service("quizzes.dashboard", async (actor, now: Date = new Date()): Promise<Dashboard> => {
  const userId = actor.id;
  const db = await getDb();
  const [rows, states, taken, [user], freePasses, orders] = await Promise.all([
    db
      .select({
        ...competitionColumns,
        examEndAt: quizzes.examEndAt,
        resultsPublishedAt: quizzes.resultsPublishedAt,
        posterUrls: quizzes.posterUrls,
        capacity: quizzes.capacity,
        // Qualified by hand: with no join, Drizzle writes a bare "id", which the subquery would read as t.id.
        registered: sql<number>`(select count(*)::int from ${transactions} t where t.quiz_id = "quizzes"."id" and t.type = 'form pay' and t.status = 'verified')`,
      })
      .from(quizzes)
      .where(and(eq(quizzes.isDemo, false), gt(quizzes.resultAt, new Date(now.getTime() - PAST_DAYS * DAY_MS))))
      .orderBy(quizzes.examStartAt, quizzes.id),
    paymentStates(db, userId),
    db
      .select({
        quizId: attempts.quizId,
        submittedAt: attempts.submittedAt,
        deadlineAt: attempts.deadlineAt,
        reason: attempts.disqualificationReason,
        appealId: appeals.id,
        appealOutcome: appeals.outcome,
        appealResponse: appeals.response,
      })
      .from(attempts)
      .leftJoin(appeals, eq(appeals.attemptId, attempts.id))
      .where(eq(attempts.participantId, userId)),
    db.select({ id: users.id, name: users.name, balance: users.walletBalancePaise, dob: users.dateOfBirth }).from(users).where(eq(users.id, userId)),
    freePassesOf(db, userId, now),
    gatewayOrderStates(db, userId, now),
  ]);
  const tables = await prizeTablesOf(db, rows);
  const attemptOf = new Map(
    taken.map(({ quizId, reason, appealId, appealOutcome, appealResponse, ...attempt }) => [
      quizId,
      {
        ...attempt,
        // Shown on the card while disqualified, and after an appeal (its outcome and answer).
        integrity: reason !== null || appealId !== null ? { reason, appeal: appealId === null ? null : { outcome: appealOutcome, response: appealResponse } } : null,
      },
    ]),
  );
  const { current, past } = arrangeDashboard(
    rows.map(({ capacity, registered, ...row }) => {
      const quiz = { ...row, freeEntry: row.contestModel === "free_entry" || row.entryFeePaise === 0 };
      return {
        ...quiz,
        seatsLeft: capacity === null ? null : Math.max(0, capacity - registered),
        prizes: tables.get(quiz.id)?.tiers ?? [],
        gatewayOrder: orders.get(quiz.id) ?? null,
        action: participantAction(quiz, { paymentState: states.get(quiz.id) ?? "not paid", attempt: attemptOf.get(quiz.id) ?? null }, now),
      };
    }),
    now,
  );
  return {
    now,
    quizzes: current,
    past,
    walletBalancePaise: user?.balance ?? 0,
    freePasses: freePasses.map(({ quizId, title, titleHi }) => ({ quizId, title, titleHi })),
    upi: config.upi,
    participant: { id: userId, name: user?.name ?? "", hasDateOfBirth: Boolean(user?.dob) },
  };
});
