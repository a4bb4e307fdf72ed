import "server-only";
import { and, eq } from "drizzle-orm";
import { gatewayRefunds, transactions } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service, step } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { changeBalance, lockWallet, spendablePaise } from "@/lib/wallet";
import { REASONS } from "@/lib/wallet/schemas";
import { gatewayRefundable } from "../standing";
import { askGateway } from "./client";

export type RefundOutcome = "processed" | "refund failed" | "already settled" | "unknown refund";

/**
 * Gives a wallet credit received through the gateway back to where it was paid from, through the
 * gateway's refund API: a top-up, or a payment that could not be an entry fee. The money leaves
 * the wallet it was credited to, so the wallet must still hold it (its balance less withdrawals
 * waiting, with the payer's row locked: a withdrawal at the same moment queues behind). The
 * refund is a wallet debit of mode gateway, pending until the gateway says the refund is
 * processed; a payment is refunded once (gateway_refunds_one_per_payment), whatever two admins do.
 */
export const refundThroughGateway = service("payments.refund", async (admin, transactionId: string, reason: string, now: Date = new Date()) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [receipt] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
    if (!receipt) throw new NotFound(message("transactionNotFound"));
    if (!gatewayRefundable(receipt)) throw new Conflict(message("notGatewayRefundable"));
    const wallet = await lockWallet(tx, receipt.userId);
    const [refunded] = await tx.select({ id: gatewayRefunds.gatewayRefundId }).from(gatewayRefunds).where(eq(gatewayRefunds.gatewayPaymentId, receipt.paymentReference));
    if (refunded) throw new Conflict(message("gatewayAlreadyRefunded"));
    if ((await spendablePaise(tx, wallet)) < receipt.amountPaise) throw new Conflict(message("gatewayRefundWalletTooLow"));
    // Asked with the payer's wallet locked (no other payer waits): a refund the gateway made is
    // recorded in the same transaction, or the transaction fails and the gateway's webhook about
    // it finds no refund of ours, which the logs and ledger:check name.
    const refund = await askGateway("refund a payment", (gateway) =>
      gateway.payments.refund(receipt.paymentReference, { amount: receipt.amountPaise, notes: { reason: reason.slice(0, 250), transaction: receipt.id } }),
    );
    const processed = refund.status === "processed";
    const [debit] = await tx
      .insert(transactions)
      .values({
        userId: receipt.userId,
        type: "debit",
        mode: "gateway",
        status: processed ? "verified" : "pending",
        amountPaise: receipt.amountPaise,
        paymentReference: refund.id,
        reason: REASONS.gatewayRefund,
        reviewedById: admin.id,
        reviewedAt: processed ? now : null,
        createdAt: now,
      })
      .returning();
    if (processed) await changeBalance(tx, receipt.userId, -receipt.amountPaise);
    await tx.insert(gatewayRefunds).values({ gatewayRefundId: refund.id, gatewayPaymentId: receipt.paymentReference, amountPaise: receipt.amountPaise, status: processed ? "processed" : "pending", transactionId: debit.id, createdAt: now });
    await recordAudit(tx, admin, {
      action: "payment.gatewayRefund",
      subjectType: "payment",
      subjectId: receipt.id,
      before: { status: receipt.status, amountPaise: receipt.amountPaise, userId: receipt.userId, gatewayPaymentId: receipt.paymentReference, refundId: null },
      after: { status: receipt.status, amountPaise: receipt.amountPaise, userId: receipt.userId, gatewayPaymentId: receipt.paymentReference, refundId: refund.id, refundStatus: refund.status },
      reason,
    });
    return debit;
  });
});

/** The gateway's word on a refund it had not processed yet: the wallet debit becomes final, or is given back. */
export const settleGatewayRefund = step(async (gatewayRefundId: string, outcome: "processed" | "failed"): Promise<RefundOutcome> => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [known] = await tx.select().from(gatewayRefunds).where(eq(gatewayRefunds.gatewayRefundId, gatewayRefundId));
    if (!known) return "unknown refund";
    const [debit] = await tx.select({ userId: transactions.userId }).from(transactions).where(eq(transactions.id, known.transactionId));
    await lockWallet(tx, debit.userId);
    const [refund] = await tx.select().from(gatewayRefunds).where(and(eq(gatewayRefunds.gatewayRefundId, gatewayRefundId), eq(gatewayRefunds.status, "pending"))).for("update");
    if (!refund) return "already settled";
    await tx.update(gatewayRefunds).set({ status: outcome }).where(eq(gatewayRefunds.gatewayRefundId, gatewayRefundId));
    await tx
      .update(transactions)
      .set({ status: outcome === "processed" ? "verified" : "rejected", reviewedAt: new Date() })
      .where(eq(transactions.id, refund.transactionId));
    if (outcome === "processed") await changeBalance(tx, debit.userId, -refund.amountPaise);
    return outcome === "processed" ? "processed" : "refund failed";
  });
});
