import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { quizzes, transactions, users } from "@/db/schema";
import { getDb } from "@/lib/db";
import { uploadUrl } from "@/lib/uploads/service";
import type { TransactionStatus } from "./ledger";

export const REVIEW_PAGE_SIZE = 20;

export interface ReviewFilter {
  status?: TransactionStatus;
  quizId?: string;
  page?: number;
}

/** The admin's Transaction Management list: pending first, then newest. */
export async function listTransactionsForReview(filter: ReviewFilter = {}) {
  const db = await getDb();
  const page = Math.max(1, filter.page ?? 1);
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  if (filter.quizId) conditions.push(eq(transactions.quizId, filter.quizId));
  const where = conditions.length ? and(...conditions) : undefined;
  const reviewer = alias(users, "reviewer");

  const [rows, [{ total }], quizOptions] = await Promise.all([
    db
      .select({
        id: transactions.id,
        userName: users.name,
        userEmail: users.email,
        quizTitle: quizzes.title,
        type: transactions.type,
        mode: transactions.mode,
        status: transactions.status,
        amountPaise: transactions.amountPaise,
        payeeName: transactions.payeeName,
        upiId: transactions.upiId,
        paymentReference: transactions.paymentReference,
        reason: transactions.reason,
        proofUploadId: transactions.proofUploadId,
        reviewedBy: reviewer.name,
        reviewedAt: transactions.reviewedAt,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(quizzes, eq(quizzes.id, transactions.quizId))
      .leftJoin(reviewer, eq(reviewer.id, transactions.reviewedById))
      .where(where)
      .orderBy(sql`(${transactions.status} = 'pending') desc`, desc(transactions.createdAt))
      .limit(REVIEW_PAGE_SIZE)
      .offset((page - 1) * REVIEW_PAGE_SIZE),
    db.select({ total: count() }).from(transactions).where(where),
    db.select({ id: quizzes.id, title: quizzes.title }).from(quizzes).where(eq(quizzes.isDemo, false)).orderBy(desc(quizzes.examStartAt)),
  ]);
  return {
    rows: rows.map(({ proofUploadId, ...row }) => ({ ...row, proofUrl: proofUploadId ? uploadUrl(proofUploadId) : null })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE)),
    quizzes: quizOptions,
  };
}

export type ReviewList = Awaited<ReturnType<typeof listTransactionsForReview>>;
