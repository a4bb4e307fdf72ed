import { count, desc, eq } from "drizzle-orm";
import { quizzes, transactions } from "@/db/schema";
import { getDb } from "@/lib/db";

export const TRANSACTIONS_PAGE_SIZE = 5;

/** A user's ledger rows, newest first, one page at a time. */
export async function listTransactions(userId: string, page: number, pageSize = TRANSACTIONS_PAGE_SIZE) {
  const db = await getDb();
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        type: transactions.type,
        mode: transactions.mode,
        status: transactions.status,
        amountPaise: transactions.amountPaise,
        reason: transactions.reason,
        quizTitle: quizzes.title,
        paymentReference: transactions.paymentReference,
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
}

export type TransactionPage = Awaited<ReturnType<typeof listTransactions>>;
