import "server-only";
import { and, eq } from "drizzle-orm";
import { gatewayOrders, gatewayPayments, transactions } from "@/db/schema";
import { hasValidSignature, signValue, step } from "@/lib/auth";
import { canonicalJson } from "@/lib/canonical-json";
import { getDb, type DatabaseTransaction } from "@/lib/db";
import { Invalid } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { changeBalance, lockWallet, rewardReferrer } from "@/lib/wallet";
import { REASONS } from "@/lib/wallet/schemas";
import { entryFee, hasPaid, lockQuiz, seatsTaken } from "../entry-fees";

/** A payment as the gateway reported it, by the signed webhook or its own API. */
export interface GatewayPaymentReport {
  gatewayPaymentId: string;
  gatewayOrderId: string;
  status: "captured" | "failed";
  amountPaise: number;
  currency: string;
  method: string | null;
  failureReason: string | null;
  /** What the gateway said, kept whole: the webhook's body and signature, or the checkout's signature and the API's answer. */
  proof: Record<string, unknown>;
}

export type CaptureOutcome = "entry fee" | "top-up" | "kept in wallet" | "already recorded" | "failed" | "unknown order";

type Order = typeof gatewayOrders.$inferSelect;

const SIGNING_PURPOSE = "gateway-payment";

/** The fields of a gateway payment the books rely on, in a fixed order: what the app signs, and ledger:check checks. */
function signedFields(row: { gatewayPaymentId: string; orderId: string; status: string; amountPaise: number; currency: string; transactionId: string | null }): string {
  return canonicalJson({ gatewayPaymentId: row.gatewayPaymentId, orderId: row.orderId, status: row.status, amountPaise: row.amountPaise, currency: row.currency, transactionId: row.transactionId });
}

/**
 * The app's signature over a gateway payment's row, with a key derived from its secret, which the
 * database never holds: a payment written with the database login alone carries none that verifies.
 */
const signGatewayPayment = (row: Parameters<typeof signedFields>[0]) => signValue(SIGNING_PURPOSE, signedFields(row));

export const gatewayPaymentSignatureValid = (row: Parameters<typeof signedFields>[0] & { appSignature: string }) =>
  hasValidSignature(row.appSignature, SIGNING_PURPOSE, signedFields(row));

/** The order a payment names, or nothing: a gateway account may take payments for more than this app. */
async function orderOf(gatewayOrderId: string): Promise<Order | undefined> {
  const db = await getDb();
  const [order] = await db.select().from(gatewayOrders).where(eq(gatewayOrders.gatewayOrderId, gatewayOrderId));
  return order;
}

async function recordPayment(tx: DatabaseTransaction, order: Order, report: GatewayPaymentReport, transactionId: string | null, now: Date) {
  const row = { gatewayPaymentId: report.gatewayPaymentId, orderId: order.id, status: report.status, amountPaise: report.amountPaise, currency: report.currency, transactionId };
  await tx
    .insert(gatewayPayments)
    .values({ ...row, method: report.method, failureReason: report.failureReason, proof: report.proof, appSignature: signGatewayPayment(row), createdAt: now })
    .onConflictDoNothing();
}

/**
 * Whether a captured payment can still become its order's entry fee: the order is not paid, the
 * payer has not paid otherwise, a seat is left, and the order was open when paid or registration
 * still is. A seat held by the order was counted for it; an admin's verification of a UPI payment
 * meanwhile can still have taken the last one.
 */
async function entryFeeStillPayable(tx: DatabaseTransaction, order: Order, now: Date): Promise<Awaited<ReturnType<typeof lockQuiz>> | undefined> {
  if (order.paidTransactionId) return undefined;
  const quiz = await lockQuiz(tx, order.quizId!);
  if (await hasPaid(tx, order.userId, quiz.id)) return undefined;
  if (quiz.capacity !== null && (await seatsTaken(tx, quiz.id, order.userId, now)).verified >= quiz.capacity) return undefined;
  if (now > order.expiresAt && now > quiz.formEndAt) return undefined;
  return quiz;
}

/**
 * Counts a payment the gateway reported, once, whichever of the signed webhook or the gateway's
 * API told of it first, in any order and however often: the payer's wallet and the order are
 * locked, and a payment id already recorded in that state changes nothing. The amount and currency
 * must be the order's. A failed payment is recorded and never counts. A captured one becomes the
 * order's entry fee (a verified ledger row posted to gateway clearing), or a top-up; money that can
 * no longer be an entry fee (paid twice, the seat gone, registration closed) is the payer's, and
 * goes to their wallet, from where it can be refunded through the gateway.
 */
export const recordGatewayPayment = step(async (report: GatewayPaymentReport, now: Date): Promise<CaptureOutcome> => {
  const order = await orderOf(report.gatewayOrderId);
  if (!order) return "unknown order";
  if (report.amountPaise !== order.amountPaise || report.currency !== order.currency) throw new Invalid(message("gatewayPaymentMismatch"));
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockWallet(tx, order.userId);
    const quiz = report.status === "captured" && order.purpose === "entry_fee" ? await entryFeeStillPayable(tx, order, now) : undefined;
    const [locked] = await tx.select().from(gatewayOrders).where(eq(gatewayOrders.id, order.id)).for("update");
    const [seen] = await tx
      .select({ status: gatewayPayments.status })
      .from(gatewayPayments)
      .where(and(eq(gatewayPayments.gatewayPaymentId, report.gatewayPaymentId), eq(gatewayPayments.status, report.status)));
    if (seen) return "already recorded";
    if (report.status === "failed") {
      await recordPayment(tx, locked, report, null, now);
      return "failed";
    }
    const common = { userId: locked.userId, mode: "gateway" as const, status: "verified" as const, amountPaise: locked.amountPaise, paymentReference: report.gatewayPaymentId, reviewedAt: now, createdAt: now };
    if (quiz && !locked.paidTransactionId) {
      const [fee] = await tx.insert(transactions).values({ ...entryFee({ id: locked.userId }, quiz), ...common }).returning({ id: transactions.id });
      await tx.update(gatewayOrders).set({ paidTransactionId: fee.id }).where(eq(gatewayOrders.id, locked.id));
      await rewardReferrer(tx, locked.userId, now);
      await recordPayment(tx, locked, report, fee.id, now);
      return "entry fee";
    }
    const topUp = locked.purpose === "top_up" && !locked.paidTransactionId;
    const [credit] = await tx
      .insert(transactions)
      .values({ ...common, type: "credit", reason: topUp ? REASONS.topUp : REASONS.gatewayPaymentKept })
      .returning({ id: transactions.id });
    await changeBalance(tx, locked.userId, locked.amountPaise);
    if (topUp) await tx.update(gatewayOrders).set({ paidTransactionId: credit.id }).where(eq(gatewayOrders.id, locked.id));
    await recordPayment(tx, locked, report, credit.id, now);
    return topUp ? "top-up" : "kept in wallet";
  });
});
