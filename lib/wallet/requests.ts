import "server-only";
import { eq } from "drizzle-orm";
import { transactions, users } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Forbidden, Invalid } from "@/lib/errors";
import { notifyAdmins } from "@/lib/notifications";
import { paymentProof } from "@/lib/uploads";
import { lockWallet, spendablePaise } from "./ledger";
import { REASONS } from "./schemas";
import { VERIFY_EMAIL_TO_WITHDRAW, WITHDRAWAL_TOO_LARGE } from "@/lib/messages";

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
    const proofId = await paymentProof(tx, actor.id, request.proofUploadId);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: actor.id,
        type: "credit",
        mode: "upi",
        amountPaise: request.amountPaise,
        payeeName: request.payeeName,
        paymentReference: request.paymentReference || null,
        reason: REASONS.topUp,
        proofUploadId: proofId,
      })
      .returning();
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
    if (!owner?.emailVerifiedAt) throw new Forbidden(VERIFY_EMAIL_TO_WITHDRAW);
    if (request.amountPaise > (await spendablePaise(tx, wallet))) throw new Invalid(WITHDRAWAL_TOO_LARGE);
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
