import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { quizzes, transactions, users } from "@/db/schema";
import { authorize, service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { freePassesOf } from "@/lib/payouts";

export const TRANSACTIONS_PAGE_SIZE = 5;

/** A user's ledger rows, newest first, one page at a time. */
export const listTransactions = service("wallet.read", async (actor, userId: string, page: number, pageSize: number = TRANSACTIONS_PAGE_SIZE) => {
  authorize(actor, "wallet.read", userId);
  const db = await getDb();
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        userId: transactions.userId,
        quizId: transactions.quizId,
        type: transactions.type,
        mode: transactions.mode,
        status: transactions.status,
        amountPaise: transactions.amountPaise,
        reason: transactions.reason,
        quizTitle: quizzes.title,
        quizTitleHi: quizzes.titleHi,
        paymentReference: transactions.paymentReference,
        payeeName: transactions.payeeName,
        proofUploadId: transactions.proofUploadId,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .leftJoin(quizzes, eq(quizzes.id, transactions.quizId))
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(transactions).where(eq(transactions.userId, userId)),
  ]);
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
});

export type TransactionPage = Awaited<ReturnType<typeof listTransactions>>;

/**
 * The wallet page's header: balance, what is spendable now, the free passes held (entry credit
 * shown apart, never part of the balance or of what may be withdrawn), and the referral link on
 * `origin` (lib/http's publicOrigin).
 */
export const walletSummary = service("wallet.read", async (actor, userId: string, origin: string) => {
  authorize(actor, "wallet.read", userId);
  const db = await getDb();
  const [[user], [{ reserved }], freePasses] = await Promise.all([
    db.select({ balance: users.walletBalancePaise, referralCode: users.referralCode }).from(users).where(eq(users.id, userId)),
    db
      .select({ reserved: sql<number>`coalesce(sum(${transactions.amountPaise}), 0)::int` })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.type, "debit"), eq(transactions.status, "pending"))),
    freePassesOf(db, userId),
  ]);
  return {
    balancePaise: user.balance,
    pendingWithdrawalsPaise: reserved,
    availablePaise: user.balance - reserved,
    freePasses,
    referralCode: user.referralCode,
    referralLink: new URL(`/login/referral/${user.referralCode}`, origin).href,
  };
});
