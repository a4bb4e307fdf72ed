import "server-only";
import { eq } from "drizzle-orm";
import { transactions, users } from "@/db/schema";
import { service, step } from "@/lib/auth";
import { getDb, PostgresError, postgresErrorCode, violatedConstraint, type DatabaseTransaction } from "@/lib/db";
import { Conflict, Forbidden, Invalid } from "@/lib/errors";
import { notifyAdmins } from "@/lib/notifications";
import { paymentProof } from "@/lib/uploads";
import { flagLikelyReuse, lockFraudChecks } from "./fraud-checks";
import { lockWallet, spendablePaise } from "./ledger";
import { normalisePaymentReference, REASONS } from "./schemas";
import { message, type Message } from "@/lib/catalogue";

/** The database's guards on payment proofs, as the sentences a payer reads. */
const PROOF_CONSTRAINTS: Record<string, Message> = {
  transactions_proof_unique: message("proofAlreadyUsed"),
};

export interface UpiPayment {
  type: "credit" | "form pay";
  amountPaise: number;
  payeeName: string;
  reason: string;
  quizId?: string;
  proofUploadId: string;
  paymentReference?: string;
}

/**
 * A payment made by UPI, waiting for an admin: its screenshot upload must be the payer's own and
 * backs this one payment only (`transactions_proof_unique`, even when two submissions race);
 * other violations (one pending entry fee, ...) go to the caller. A UTR or a picture seen on an
 * earlier payment is not refused but flagged for the admin (`flagLikelyReuse`).
 */
export const recordUpiPayment = step(async (tx: DatabaseTransaction, payerId: string, payment: UpiPayment) => {
  const proofUploadId = await paymentProof(tx, payerId, payment.proofUploadId);
  await lockFraudChecks(tx);
  try {
    const [row] = await tx
      .insert(transactions)
      .values({ ...payment, userId: payerId, mode: "upi", proofUploadId, paymentReference: normalisePaymentReference(payment.paymentReference) })
      .returning();
    await flagLikelyReuse(tx, row);
    return row;
  } catch (error) {
    const refusal = postgresErrorCode(error) === PostgresError.uniqueViolation ? PROOF_CONSTRAINTS[violatedConstraint(error) ?? ""] : undefined;
    throw refusal ? new Conflict(refusal) : error;
  }
});

export interface TopUpRequest {
  amountPaise: number;
  payeeName: string;
  proofUploadId: string;
  paymentReference?: string;
}

/** Money added by UPI with a screenshot: waits for an admin, who is told at once. */
export const requestTopUp = service("wallet.topUp", async (actor, request: TopUpRequest) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await recordUpiPayment(tx, actor.id, { ...request, type: "credit", reason: REASONS.topUp });
    await notifyAdmins(tx, { title: "Wallet top-up to verify", body: `${actor.name} added ₹${request.amountPaise / 100}.`, url: "/adminpanel?tab=transactions" });
    return row;
  });
});

export interface WithdrawalRequest {
  amountPaise: number;
  bankName: string;
  upiId: string;
}

/** Never more than the balance less withdrawals already waiting, even when requests race; only to a confirmed email. */
export const requestWithdrawal = service("wallet.withdraw", async (actor, request: WithdrawalRequest) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, actor.id);
    // Money leaves only for an owner who proved the address: not for someone who signed up with it.
    const [owner] = await tx.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, actor.id));
    if (!owner?.emailVerifiedAt) throw new Forbidden(message("verifyEmailToWithdraw"));
    if (request.amountPaise > (await spendablePaise(tx, wallet))) throw new Invalid(message("withdrawalTooLarge"));
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: actor.id,
        type: "debit",
        mode: "upi",
        amountPaise: request.amountPaise,
        payeeName: request.bankName,
        upiId: request.upiId,
        reason: REASONS.withdrawal,
      })
      .returning();
    await notifyAdmins(tx, { title: "Withdrawal to pay out", body: `${actor.name} asked to withdraw ₹${request.amountPaise / 100}.`, url: "/adminpanel?tab=transactions" });
    return row;
  });
});
