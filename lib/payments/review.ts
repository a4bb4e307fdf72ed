import "server-only";
import { and, asc, count, desc, eq, inArray, like, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bankStatements, gatewayOrders, gatewayPayments, gatewayRefunds, paymentFlags, quizzes, statementLines, transactions, users } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb, PostgresError, postgresErrorCode, violatedConstraint, type DatabaseTransaction } from "@/lib/db";
import { Conflict, Invalid } from "@/lib/errors";
import { uploadUrl } from "@/lib/uploads/schemas";
import { changeBalance, lockWallet, rewardReferrer, type LockedWallet } from "@/lib/wallet";
import { type TransactionStatus } from "@/lib/wallet/schemas";
import { formatRupeesWithSymbol } from "@/lib/money";
import { assertNotPaidYet, assertSeatForVerification } from "./entry-fees";
import { message } from "@/lib/catalogue";
import { bankCreditTaken, bankLineFor, unusedLine, upiMoneyIn } from "./bank-lines";
import { statementConflicts } from "./conflicts";
import { AMOUNT_DIFFERS_REASON_MINIMUM } from "./schemas";
import { lockPayment, reviewActions, standingOf, standings } from "./standing";

const REVIEW_PAGE_SIZE = 20;

export interface ReviewFilter {
  status?: TransactionStatus;
  quizId?: string;
  /** One payment, as a "Paid again: see payment of …" link opens it. */
  transactionId?: string;
  /** Only payments a fraud check flagged (a reused UTR or screenshot). */
  flagged?: boolean;
  /** Only pending payments a bank statement matched (reconciliation). */
  matched?: boolean;
  /** Part of a UPI transaction reference (UTR); spaces are ignored. */
  utr?: string;
  page?: number;
}

type PaymentFlagReason = (typeof paymentFlags.$inferSelect)["reason"];

/** The admin's Transaction Management list: pending first, then newest. */
export const listTransactionsForReview = service("payments.review", async (_actor, filter: ReviewFilter = {}) => {
  const db = await getDb();
  const page = Math.max(1, filter.page ?? 1);
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(transactions.status, filter.status));
  if (filter.quizId) conditions.push(eq(transactions.quizId, filter.quizId));
  if (filter.transactionId) conditions.push(eq(transactions.id, filter.transactionId));
  if (filter.flagged) conditions.push(sql`exists (select 1 from ${paymentFlags} where ${paymentFlags.transactionId} = ${transactions.id})`);
  if (filter.matched) conditions.push(and(sql`${transactions.statementLineId} is not null`, eq(transactions.status, "pending"))!);
  const utr = filter.utr?.replace(/\s+/g, "").toUpperCase();
  if (utr) conditions.push(like(transactions.paymentReference, `%${utr.replace(/[\\%_]/g, (char) => `\\${char}`)}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const reviewer = alias(users, "reviewer");
  const refunded = alias(transactions, "refunded");

  const [rows, [{ total }], quizOptions, [{ matchedCount }]] = await Promise.all([
    db
      .select({
        id: transactions.id,
        userId: transactions.userId,
        quizId: transactions.quizId,
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
        refundOfId: refunded.id,
        refundOfCreatedAt: refunded.createdAt,
        statementMatchedAt: transactions.statementMatchedAt,
        statementLineId: transactions.statementLineId,
        statementLine: { lineNumber: statementLines.lineNumber, amountPaise: statementLines.amountPaise, uploadedAt: bankStatements.uploadedAt },
        // A bank line shows the payment's whole amount (its own line, or an unused one with its UTR): what a refund needs (refundPayment).
        lineOnFile: sql<boolean>`exists (select 1 from ${statementLines} where ${statementLines.amountPaise} >= ${transactions.amountPaise} and (${statementLines.id} = ${transactions.statementLineId} or (${transactions.statementLineId} is null and ${statementLines.utr} = ${transactions.paymentReference} and ${unusedLine})))`,
        utrShared: sql<boolean>`${transactions.mode} = 'upi' and ${transactions.type} in ('credit', 'form pay') and exists (select 1 from ${transactions} other where other.payment_reference = ${transactions.paymentReference} and other.id <> ${transactions.id} and other.status = 'pending' and other.mode = 'upi' and other.type in ('credit', 'form pay'))`,
      })
      .from(transactions)
      .innerJoin(users, eq(users.id, transactions.userId))
      .leftJoin(quizzes, eq(quizzes.id, transactions.quizId))
      .leftJoin(reviewer, eq(reviewer.id, transactions.reviewedById))
      .leftJoin(refunded, eq(refunded.id, transactions.refundOfId))
      .leftJoin(statementLines, eq(statementLines.id, transactions.statementLineId))
      .leftJoin(bankStatements, eq(bankStatements.id, statementLines.statementId))
      .where(where)
      .orderBy(sql`(${transactions.status} = 'pending') desc`, desc(transactions.createdAt))
      .limit(REVIEW_PAGE_SIZE)
      .offset((page - 1) * REVIEW_PAGE_SIZE),
    db.select({ total: count() }).from(transactions).where(where),
    db.select({ id: quizzes.id, title: quizzes.title }).from(quizzes).where(eq(quizzes.isDemo, false)).orderBy(desc(quizzes.examStartAt)),
    db.select({ matchedCount: count() }).from(transactions).where(and(eq(transactions.status, "pending"), sql`${transactions.statementLineId} is not null`)),
  ]);
  const conflicts = await statementConflicts(db);
  const standingOfRow = await standings(db, rows);
  const flagsOfRow = await flagsOf(db, rows.map((row) => row.id));
  const gatewayOfRow = await gatewayDetailsOf(db, rows.filter((row) => row.mode === "gateway").map((row) => row.id));
  return {
    rows: rows.map(({ proofUploadId, refundOfId, refundOfCreatedAt, statementLine, utrShared, lineOnFile, ...row }) => {
      const standing = standingOfRow.get(row.id)!;
      const flags = flagsOfRow.get(row.id) ?? [];
      const line = statementLine?.lineNumber ? { lineNumber: statementLine.lineNumber, amountPaise: statementLine.amountPaise, uploadedAt: statementLine.uploadedAt! } : null;
      const gateway = gatewayOfRow.get(row.id) ?? null;
      return {
        ...row,
        ...standing,
        flags,
        gateway,
        statementLine: line,
        /** What makes verifying this payment take a written reason (see reviewTransaction). */
        verifyQuestions: verifyQuestions(row.amountPaise, { flagged: flags.length > 0, utrShared, line }),
        actions: reviewActions(row, standing, { received: lineOnFile, gatewayRefunded: gateway?.refunds.some((refund) => refund.paymentId === row.paymentReference) ?? false }),
        refundOf: refundOfId ? { id: refundOfId, createdAt: refundOfCreatedAt! } : null,
        proofUrl: proofUploadId ? uploadUrl(proofUploadId) : null,
      };
    }),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE)),
    quizzes: quizOptions,
    /** Pending payments a bank statement matched, waiting for "Verify all matched". */
    matchedCount,
    /** Bank lines several pending payments claim, for the admin to settle side by side. */
    conflicts,
  };
});

export type ReviewList = Awaited<ReturnType<typeof listTransactionsForReview>>;

/** Each listed payment's fraud flags, with the earlier payment each one names. */
async function flagsOf(db: Awaited<ReturnType<typeof getDb>>, ids: string[]) {
  const flags = new Map<string, { reason: PaymentFlagReason; distance: number | null; earlier: { id: string; createdAt: Date } }[]>();
  if (!ids.length) return flags;
  const earlier = alias(transactions, "earlier");
  const rows = await db
    .select({ transactionId: paymentFlags.transactionId, reason: paymentFlags.reason, distance: paymentFlags.distance, earlierId: earlier.id, earlierCreatedAt: earlier.createdAt })
    .from(paymentFlags)
    .innerJoin(earlier, eq(earlier.id, paymentFlags.earlierTransactionId))
    .where(inArray(paymentFlags.transactionId, ids))
    .orderBy(asc(paymentFlags.reason));
  for (const row of rows) {
    const list = flags.get(row.transactionId) ?? [];
    list.push({ reason: row.reason, distance: row.distance, earlier: { id: row.earlierId, createdAt: row.earlierCreatedAt } });
    flags.set(row.transactionId, list);
  }
  return flags;
}

/**
 * A gateway row's side at the gateway, read-only: its order, every payment tried on the order (a
 * failed attempt before the captured one too) and the refunds of those payments. A receipt is
 * found by the payment that credited it, a refund's debit by its refund.
 */
async function gatewayDetailsOf(db: Awaited<ReturnType<typeof getDb>>, ids: string[]) {
  const details = new Map<string, { orderId: string; payments: GatewayPaymentView[]; refunds: GatewayRefundView[] }>();
  if (!ids.length) return details;
  const links = await db
    .select({ receiptOf: gatewayPayments.transactionId, refundOf: gatewayRefunds.transactionId, orderId: gatewayPayments.orderId })
    .from(gatewayPayments)
    .leftJoin(gatewayRefunds, eq(gatewayRefunds.gatewayPaymentId, gatewayPayments.gatewayPaymentId))
    .where(or(inArray(gatewayPayments.transactionId, ids), inArray(gatewayRefunds.transactionId, ids)));
  const orderIds = [...new Set(links.map((link) => link.orderId))];
  if (!orderIds.length) return details;
  const [orders, payments, refunds] = await Promise.all([
    db.select({ id: gatewayOrders.id, gatewayOrderId: gatewayOrders.gatewayOrderId }).from(gatewayOrders).where(inArray(gatewayOrders.id, orderIds)),
    db
      .select({ id: gatewayPayments.gatewayPaymentId, orderId: gatewayPayments.orderId, status: gatewayPayments.status, method: gatewayPayments.method, failureReason: gatewayPayments.failureReason })
      .from(gatewayPayments)
      .where(inArray(gatewayPayments.orderId, orderIds))
      .orderBy(asc(gatewayPayments.createdAt)),
    db
      .select({ id: gatewayRefunds.gatewayRefundId, orderId: gatewayPayments.orderId, paymentId: gatewayRefunds.gatewayPaymentId, amountPaise: gatewayRefunds.amountPaise, status: gatewayRefunds.status })
      .from(gatewayRefunds)
      .innerJoin(gatewayPayments, eq(gatewayPayments.gatewayPaymentId, gatewayRefunds.gatewayPaymentId))
      .where(inArray(gatewayPayments.orderId, orderIds))
      .orderBy(asc(gatewayRefunds.createdAt)),
  ]);
  const ofOrder = (orderId: string) => ({
    orderId: orders.find((order) => order.id === orderId)!.gatewayOrderId,
    payments: payments.filter((payment) => payment.orderId === orderId).map(({ orderId: _order, ...payment }) => payment),
    refunds: refunds.filter((refund) => refund.orderId === orderId).map(({ orderId: _order, ...refund }) => refund),
  });
  for (const link of links) {
    for (const rowId of [link.receiptOf, link.refundOf]) {
      if (rowId && ids.includes(rowId) && !details.has(rowId)) details.set(rowId, ofOrder(link.orderId));
    }
  }
  return details;
}

interface GatewayPaymentView {
  id: string;
  status: (typeof gatewayPayments.$inferSelect)["status"];
  method: string | null;
  failureReason: string | null;
}

interface GatewayRefundView {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: (typeof gatewayRefunds.$inferSelect)["status"];
}

export interface ReviewOptions {
  now?: Date;
  /** Why the admin verifies a payment that something calls into question (required then), or why they decide as they do. */
  reason?: string;
  /** Part of "Verify all matched": audited as such. */
  bulk?: boolean;
}

/**
 * An admin's decision. Pending or rejected may become anything, except that verified is final,
 * a refunded payment is closed, and a rejected entry fee stays rejected once the participant
 * paid again for the quiz (the newer payment is the one to decide on, and verifying the old one
 * would leave the newer one's money with nowhere to go). The row is locked first, so two admins
 * deciding at once produce exactly one effect; then the payer's, so a payment they submit
 * meanwhile is either seen here or waits for this decision.
 *
 * A UPI payment's money is a bank credit: verifying one takes the statement line that shows it
 * (its own, or an unused line with its UTR), and the database refuses a second payment counting
 * the same UTR or line whatever path or admin tries (409). Verifying a payment that a fraud check
 * flagged, that shares its UTR with another pending payment, or whose amount is not its line's
 * takes a written reason, kept in the audit entry with the flags overridden and the line used;
 * one on a line records the line's amount as received (amountReceived).
 * Rejecting a payment gives its line back, so the right payment can take it.
 */
export const reviewTransaction = service("payments.verify", async (admin, transactionId: string, status: TransactionStatus, options: ReviewOptions = {}) => {
  const { now = new Date(), reason, bulk = false } = options;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await lockPayment(tx, transactionId);
    if (current.status === "verified") throw new Conflict(message("verifiedIsFinal"));
    if (current.mode === "gateway") throw new Conflict(message("gatewayDecides"));
    if (current.status === status) return current;
    const wallet = await lockWallet(tx, current.userId);
    const { paidAgain, refund } = await standingOf(tx, current);
    if (refund) throw new Conflict(message("refundedIsFinal"));
    if (current.type === "form pay" && current.status === "rejected" && paidAgain) throw new Conflict(message("paymentSuperseded"));

    const evidence = status === "verified" ? await bankEvidence(tx, current) : null;
    if (evidence?.questions.length && !reason) throw new Invalid(message("verifyReasonRequired"));
    const amountPaise = evidence?.line ? amountReceived(current, evidence.line.amountPaise, reason) : current.amountPaise;
    if (status === "verified") await applyVerifiedEffect(tx, { ...current, amountPaise }, wallet, now);
    try {
      const [updated] = await tx
        .update(transactions)
        .set({ status, amountPaise, reviewedById: admin.id, reviewedAt: now, statementLineId: status === "verified" ? (evidence?.line?.id ?? null) : null })
        .where(eq(transactions.id, transactionId))
        .returning();
      await recordAudit(tx, admin, {
        action: status === "verified" ? "payment.verify" : status === "rejected" ? "payment.reject" : "payment.reopen",
        subjectType: "payment",
        subjectId: transactionId,
        before: reviewState(current),
        after: { ...reviewState(updated), ...(evidence ? { overridden: evidence.questions, flags: evidence.flags, statementLine: evidence.line } : {}), ...(bulk ? { bulk: true } : {}) },
        reason: reason ?? null,
      });
      return updated;
    } catch (error) {
      throw reviewConflict(error) ?? bankCreditTaken(error) ?? error;
    }
  });
});

/** What calls a payment into question before it is verified. */
export type VerifyQuestion = "flagged" | "utr-shared" | "amount-differs";

/** The one rule for what asks for a reason, shared by the review list's dialog and the verification itself. */
function verifyQuestions(amountPaise: number, facts: { flagged: boolean; utrShared: boolean; line: { amountPaise: number | null } | null }): VerifyQuestion[] {
  return [
    ...(facts.flagged ? (["flagged"] as const) : []),
    ...(facts.utrShared ? (["utr-shared"] as const) : []),
    ...(facts.line && facts.line.amountPaise !== amountPaise ? (["amount-differs"] as const) : []),
  ];
}

/**
 * The bank's side of a UPI payment about to be verified: the statement line that shows its money
 * (its own, else the newest unused line with its UTR), its fraud flags, and what of these asks for
 * a reason. A wallet payment has no bank side.
 */
async function bankEvidence(tx: DatabaseTransaction, payment: typeof transactions.$inferSelect) {
  if (payment.mode !== "upi" || payment.type === "debit") return null;
  const line = await bankLineFor(tx, payment);
  const flags = (await tx.select({ reason: paymentFlags.reason, earlierTransactionId: paymentFlags.earlierTransactionId }).from(paymentFlags).where(eq(paymentFlags.transactionId, payment.id))).map((flag) => ({ reason: flag.reason, earlier: flag.earlierTransactionId }));
  const [{ shared }] = payment.paymentReference
    ? await tx
        .select({ shared: count() })
        .from(transactions)
        .where(and(eq(transactions.paymentReference, payment.paymentReference), eq(transactions.status, "pending"), upiMoneyIn, ne(transactions.id, payment.id)))
    : [{ shared: 0 }];
  return { line, flags, questions: verifyQuestions(payment.amountPaise, { flagged: flags.length > 0, utrShared: shared > 0, line }) };
}


/**
 * What a UPI payment about to be verified received, given the bank line that shows it: the line's
 * amount, not the payer's claim. A different amount is a decision about money that takes a reason
 * of AMOUNT_DIFFERS_REASON_MINIMUM characters. An entry fee whose line shows less than the fee is
 * refused: money short of the fee does not buy the seat (the admin rejects it, and the
 * participant may pay again). One whose line shows more counts what arrived.
 */
function amountReceived(payment: typeof transactions.$inferSelect, linePaise: number, reason: string | undefined): number {
  if (linePaise === payment.amountPaise) return linePaise;
  const amounts = { paymentAmount: formatRupeesWithSymbol(payment.amountPaise), lineAmount: formatRupeesWithSymbol(linePaise) };
  if ((reason ?? "").length < AMOUNT_DIFFERS_REASON_MINIMUM) throw new Invalid(message("amountDiffersReasonTooShort", { ...amounts, minimum: AMOUNT_DIFFERS_REASON_MINIMUM }));
  if (payment.type === "form pay" && linePaise < payment.amountPaise) throw new Conflict(message("entryFeeShortOnLine", amounts));
  return linePaise;
}

/** What the audit trail keeps of a payment before and after a decision. */
function reviewState(row: typeof transactions.$inferSelect) {
  return {
    status: row.status,
    type: row.type,
    amountPaise: row.amountPaise,
    userId: row.userId,
    quizId: row.quizId,
    reviewedById: row.reviewedById,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** A participant has one pending and one verified entry fee per quiz at most (unique indexes). */
function reviewConflict(error: unknown): Conflict | undefined {
  if (postgresErrorCode(error) !== PostgresError.uniqueViolation) return undefined;
  const constraint = violatedConstraint(error);
  if (constraint === "transactions_one_pending_entry_fee") return new Conflict(message("anotherEntryFeePending"));
  if (constraint === "transactions_one_verified_entry_fee") return new Conflict(message("participantAlreadyPaid"));
  return undefined;
}

async function applyVerifiedEffect(tx: DatabaseTransaction, row: typeof transactions.$inferSelect, wallet: LockedWallet, now: Date) {
  if (row.type === "credit") {
    await changeBalance(tx, row.userId, row.amountPaise);
  } else if (row.type === "debit") {
    if (wallet.balance < row.amountPaise) throw new Conflict(message("walletTooLowForWithdrawal"));
    await changeBalance(tx, row.userId, -row.amountPaise);
  } else {
    await assertNotPaidYet(tx, row.userId, row.quizId!, message("participantAlreadyPaid"));
    await assertSeatForVerification(tx, row);
    await rewardReferrer(tx, row.userId, now);
  }
}

