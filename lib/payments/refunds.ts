import "server-only";
import { eq } from "drizzle-orm";
import { quizzes, transactions } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Conflict } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { formatRupeesWithSymbol } from "@/lib/money";
import { lockWallet, refundToWallet } from "@/lib/wallet";
import { bankCreditTaken, bankLineFor } from "./bank-lines";
import { lockPayment, reviewActions, standingOf } from "./standing";

/**
 * Refunding a duplicate entry fee.
 *
 * The ledger already has two rules: at most one pending and one verified entry fee per
 * participant and quiz (the unique indexes transactions_one_pending_entry_fee and
 * transactions_one_verified_entry_fee), and a verified row is final (the trigger of migration
 * 0002). So two verified entry fees for one quiz cannot exist; the duplicate a mistake leaves is
 * a second UPI payment that can never be verified: one submitted after a rejection whose older
 * payment was then verified (which the review now refuses), or one still pending when the
 * participant paid from the wallet. Its money arrived, so it goes back to the wallet.
 *
 * Neither rule is bent to do it. The duplicate is not edited into something else: it becomes (or
 * stays) rejected, so it never counts as paid, and the money moves in a new row, a verified
 * wallet credit whose refund_of_id names the duplicate. That column is unique
 * (transactions_one_refund_per_payment), so the database itself refuses a second refund of the
 * same payment, whatever two admins press at once; a check keeps such a row a verified wallet
 * credit, which the trigger then makes final like every verified row. A refunded payment is
 * closed to further review (reviewTransaction refuses it), and the verified payment it duplicated
 * stays what it was.
 *
 * Only money that arrived is given back: the payment must hold a bank statement line, or an
 * unused line with its UTR must be on file, which the refunded payment then holds, and the line
 * must show at least the payment's amount (a ₹100 payment on a ₹1 line gives back nothing: the
 * refund never exceeds what the bank received, and ledger:check says so too). So a refund
 * counts its UTR as received (transactions_one_received_payment_per_utr): no other payment can be
 * verified on the same bank credit, and a payment never received can only be rejected.
 */
export const refundPayment = service("payments.refund", async (admin, transactionId: string, reason: string, now: Date = new Date()) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, transactionId);
    await lockWallet(tx, payment.userId);
    const standing = await standingOf(tx, payment);
    if (standing.refund) throw new Conflict(message("alreadyRefunded"));
    if (!reviewActions(payment, standing, { received: true, gatewayRefunded: false }).includes("refund")) throw new Conflict(message("notRefundable"));
    const line = await bankLineFor(tx, payment);
    if (!line) throw new Conflict(message("refundNotReceived"));
    if (line.amountPaise < payment.amountPaise) {
      throw new Conflict(message("refundExceedsLine", { lineAmount: formatRupeesWithSymbol(line.amountPaise), paymentAmount: formatRupeesWithSymbol(payment.amountPaise) }));
    }

    const [quiz] = await tx.select({ title: quizzes.title }).from(quizzes).where(eq(quizzes.id, payment.quizId!));
    const credit = await refundToWallet(tx, payment, `Refund of a second payment for ${quiz.title}: ${reason}`, admin.id, now);
    await tx
      .update(transactions)
      .set({ status: "rejected", statementLineId: line.id, ...(payment.status === "pending" ? { reviewedById: admin.id, reviewedAt: now } : {}) })
      .where(eq(transactions.id, payment.id))
      .catch((error: unknown) => {
        throw bankCreditTaken(error) ?? error;
      });
    await recordAudit(tx, admin, {
      action: "payment.refund",
      subjectType: "payment",
      subjectId: payment.id,
      before: { status: payment.status, amountPaise: payment.amountPaise, userId: payment.userId, quizId: payment.quizId, refundId: null },
      after: { status: "rejected", amountPaise: payment.amountPaise, userId: payment.userId, quizId: payment.quizId, refundId: credit.id, statementLine: line },
      reason,
    });
    return credit;
  });
});
