import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { quizzes, transactions, users } from "@/db/schema";
import { service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { paymentStates } from "@/lib/payments";
import type { PaymentState } from "@/lib/payments/schemas";
import { competitionColumns } from "./competitions";

export interface DashboardQuiz {
  id: string;
  title: string;
  description: string;
  posterUrls: string[];
  entryFeePaise: number;
  prizeMoneyPaise: number;
  questionCount: number;
  durationSeconds: number;
  formStartAt: Date;
  formEndAt: Date;
  examStartAt: Date;
  resultAt: Date;
  /** Capacity less verified registrations; null when the quiz has no capacity (counter hidden). */
  seatsLeft: number | null;
  paymentState: PaymentState;
}

export interface Dashboard {
  quizzes: DashboardQuiz[];
  walletBalancePaise: number;
  upi: { id: string; payeeName: string };
  participant: { id: string; name: string; hasDateOfBirth: boolean };
}

/** Everything the dashboard shows one participant: open competitions and their payment state. */
export const loadDashboard = service("quizzes.dashboard", async (actor): Promise<Dashboard> => {
  const userId = actor.id;
  const db = await getDb();
  const [rows, states, [user]] = await Promise.all([
    db
      .select({
        ...competitionColumns,
        posterUrls: quizzes.posterUrls,
        capacity: quizzes.capacity,
        // Qualified by hand: with no join, Drizzle writes a bare "id", which the subquery would read as t.id.
        registered: sql<number>`(select count(*)::int from ${transactions} t where t.quiz_id = "quizzes"."id" and t.type = 'form pay' and t.status = 'verified')`,
      })
      .from(quizzes)
      .where(and(eq(quizzes.isDemo, false), sql`${quizzes.resultAt} > now() - interval '30 days'`))
      .orderBy(quizzes.examStartAt),
    paymentStates(db, userId),
    db.select({ id: users.id, name: users.name, balance: users.walletBalancePaise, dob: users.dateOfBirth }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    quizzes: rows.map(({ capacity, registered, ...quiz }) => ({
      ...quiz,
      seatsLeft: capacity === null ? null : Math.max(0, capacity - registered),
      paymentState: states.get(quiz.id) ?? "not paid",
    })),
    walletBalancePaise: user?.balance ?? 0,
    upi: config.upi,
    participant: { id: userId, name: user?.name ?? "", hasDateOfBirth: Boolean(user?.dob) },
  };
});
