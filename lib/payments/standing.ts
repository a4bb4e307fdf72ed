import "server-only";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { transactions, users } from "@/db/schema";
import type { DatabaseTransaction, Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";

/**
 * Where a payment stands among the participant's other entry fees for the same quiz, and so what
 * an admin may still do with it. The review list, the review itself and the refund all read it,
 * so the buttons an admin sees are the decisions the server accepts.
 */

type Payment = Pick<typeof transactions.$inferSelect, "id" | "userId" | "quizId" | "type" | "mode" | "status" | "paymentReference" | "createdAt">;

interface PaymentLink {
  id: string;
  createdAt: Date;
}

export interface Standing {
  /** The participant's next entry fee for this quiz, submitted after this one. */
  paidAgain: PaymentLink | null;
  /** Another entry fee for this quiz that is verified: this one can never count as well. */
  paidWith: PaymentLink | null;
  /** The wallet credit that gave this payment back. */
  refund: (PaymentLink & { reason: string; reviewedBy: string | null }) | null;
}

export type ReviewAction = "verify" | "reject" | "refund" | "gatewayRefund";

/** What decides a payment's actions beyond its row and its standing. */
interface PaymentFacts {
  /** A bank statement line shows the payment's money (see bankLineFor). */
  received: boolean;
  /** The gateway holds a refund of the payment, whatever its status: a payment is refunded through it once. */
  gatewayRefunded: boolean;
}

/**
 * The one gateway row that may go back through the gateway: a wallet credit it paid in (a top-up,
 * or a payment that could no longer be an entry fee). An entry fee bought the seat, and a debit
 * is itself a refund or spending.
 */
export function gatewayRefundable<P extends Pick<Payment, "mode" | "type" | "status" | "paymentReference">>(payment: P): payment is P & { paymentReference: string } {
  return payment.mode === "gateway" && payment.type === "credit" && payment.status === "verified" && payment.paymentReference !== null;
}

/** What an admin may do with the payment now: the list's buttons, and the refunds' precondition. */
export function reviewActions(payment: Payment, { paidAgain, paidWith, refund }: Standing, { received, gatewayRefunded }: PaymentFacts): ReviewAction[] {
  // A gateway payment is counted by the gateway's word alone (lib/payments/gateway): no admin
  // decides it, and its money goes back only the way it came.
  if (payment.mode === "gateway") return gatewayRefundable(payment) && !gatewayRefunded ? ["gatewayRefund"] : [];
  if (payment.status === "verified" || refund) return [];
  if (payment.type === "form pay") {
    if (payment.status === "rejected" && paidAgain) return [];
    // A second payment whose money arrived (its bank line shows it) while a verified one already
    // counts: give it back. Money no bank line shows was never received, so it can only be rejected.
    if (paidWith) {
      const refund: ReviewAction[] = received ? ["refund"] : [];
      return payment.status === "pending" ? ["reject", ...refund] : refund;
    }
  }
  return payment.status === "pending" ? ["verify", "reject"] : ["verify"];
}

const link = (row: PaymentLink | undefined): PaymentLink | null => (row ? { id: row.id, createdAt: row.createdAt } : null);

/** Each payment's standing, in two queries however many payments a page holds. */
export async function standings(db: Queryable, payments: Payment[]): Promise<Map<string, Standing>> {
  const fees = payments.filter((payment) => payment.type === "form pay" && payment.quizId);
  const siblings = fees.length
    ? await db
        .select({ id: transactions.id, userId: transactions.userId, quizId: transactions.quizId, status: transactions.status, createdAt: transactions.createdAt })
        .from(transactions)
        .where(and(eq(transactions.type, "form pay"), or(...fees.map((fee) => and(eq(transactions.userId, fee.userId), eq(transactions.quizId, fee.quizId!))))))
        .orderBy(asc(transactions.createdAt), asc(transactions.id))
    : [];
  const refunds = payments.length
    ? await db
        .select({ id: transactions.id, refundOfId: transactions.refundOfId, createdAt: transactions.createdAt, reason: transactions.reason, reviewedBy: users.name })
        .from(transactions)
        .leftJoin(users, eq(users.id, transactions.reviewedById))
        .where(inArray(transactions.refundOfId, payments.map((payment) => payment.id)))
    : [];

  return new Map(
    payments.map((payment) => {
      const others = payment.type === "form pay" ? siblings.filter((row) => row.id !== payment.id && row.userId === payment.userId && row.quizId === payment.quizId) : [];
      const refund = refunds.find((row) => row.refundOfId === payment.id);
      return [
        payment.id,
        {
          paidAgain: link(others.find((row) => row.createdAt > payment.createdAt)),
          paidWith: link(others.find((row) => row.status === "verified")),
          refund: refund ? { id: refund.id, createdAt: refund.createdAt, reason: refund.reason, reviewedBy: refund.reviewedBy } : null,
        },
      ];
    }),
  );
}

/** One payment's standing, inside the transaction that holds its row and its payer locked. */
export async function standingOf(db: Queryable, payment: Payment): Promise<Standing> {
  return (await standings(db, [payment])).get(payment.id)!;
}

/** Locks a payment's row for the decision about it: two admins deciding at once queue here. */
export async function lockPayment(tx: DatabaseTransaction, id: string) {
  const [payment] = await tx.select().from(transactions).where(eq(transactions.id, id)).for("update");
  if (!payment) throw new NotFound(message("transactionNotFound"));
  return payment;
}
