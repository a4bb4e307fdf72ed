import "server-only";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { gatewayOrders, gatewayPayments } from "@/db/schema";
import { service, step, type Actor } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, type DatabaseTransaction, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { rupeesToPaise } from "@/lib/money";
import { payEntryFee } from "../entry-fees";
import { askGateway, gatewaySettings } from "./client";
import type { GatewayCheckout, GatewayOrderRequest, GatewayOrderState, GatewayOrderStatus } from "./schemas";

type OrderRow = typeof gatewayOrders.$inferSelect;

/** What the browser opens the checkout with: the order as the server fixed it, and the public key. */
function checkoutOf(order: OrderRow, payer: Actor, description: string): GatewayCheckout {
  const settings = gatewaySettings();
  return {
    id: order.id,
    gatewayOrderId: order.gatewayOrderId,
    amountPaise: order.amountPaise,
    currency: order.currency,
    keyId: settings.keyId,
    checkoutUrl: settings.checkoutUrl,
    name: config.brand.name,
    description,
    prefill: { name: payer.name, email: payer.email },
    expiresAt: order.expiresAt.toISOString(),
  };
}

/** The payer's order for this quiz still holding its seat: asked twice, the payer gets the same order. */
async function openOrderFor(tx: DatabaseTransaction, userId: string, quizId: string, now: Date): Promise<OrderRow | undefined> {
  const [order] = await tx
    .select()
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.userId, userId), eq(gatewayOrders.quizId, quizId), isNull(gatewayOrders.paidTransactionId), gt(gatewayOrders.expiresAt, now)))
    .orderBy(desc(gatewayOrders.createdAt))
    .limit(1);
  return order;
}

/** The order at the gateway: the amount is the server's, the receipt names the payer for the gateway's own reports. */
function orderAtGateway(amountPaise: number, payerId: string, purpose: GatewayOrderRequest["purpose"]) {
  return askGateway("create an order", (gateway) =>
    gateway.orders.create({ amount: amountPaise, currency: "INR", receipt: `${purpose}:${payerId}`.slice(0, 40), notes: { purpose, payer: payerId } }),
  );
}

/**
 * An order at the gateway for the quiz's entry fee or a top-up. The entry fee's checks are those
 * of any payment (old enough, registration open, a seat left, not paid yet), made twice: once
 * before the gateway is asked (so a refused payer costs no order) and again, with the payer and
 * the quiz locked, when the order is recorded and starts holding its seat. The gateway is never
 * called with a row locked: a slow gateway holds up no other payer.
 */
export const createGatewayOrder = service("payments.pay", async (actor, request: GatewayOrderRequest, now: Date = new Date()) => {
  const settings = gatewaySettings();
  const db = await getDb();
  const expiresAt = new Date(now.getTime() + settings.orderMinutes * 60_000);
  if (request.purpose === "top_up") {
    const amountPaise = rupeesToPaise(request.amount);
    const created = await orderAtGateway(amountPaise, actor.id, request.purpose);
    const [order] = await db
      .insert(gatewayOrders)
      .values({ gatewayOrderId: created.id, userId: actor.id, purpose: "top_up", amountPaise, expiresAt, createdAt: now })
      .returning();
    return checkoutOf(order, actor, "Wallet top-up");
  }
  const quiz = await payEntryFee(actor, request.quizId, now, async (tx, _wallet, quiz) => ({ quiz, open: await openOrderFor(tx, actor.id, quiz.id, now) }));
  if (quiz.open) return checkoutOf(quiz.open, actor, `Entry fee for ${quiz.quiz.title}`);
  const created = await orderAtGateway(quiz.quiz.entryFeePaise, actor.id, request.purpose);
  return payEntryFee(actor, request.quizId, now, async (tx, _wallet, locked) => {
    const open = await openOrderFor(tx, actor.id, locked.id, now);
    // Another tab of the same payer recorded an order meanwhile: theirs holds the seat, this one is never shown.
    if (open) return checkoutOf(open, actor, `Entry fee for ${locked.title}`);
    const [order] = await tx
      .insert(gatewayOrders)
      .values({ gatewayOrderId: created.id, userId: actor.id, purpose: "entry_fee", quizId: locked.id, amountPaise: locked.entryFeePaise, expiresAt, createdAt: now })
      .returning();
    return checkoutOf(order, actor, `Entry fee for ${locked.title}`);
  });
});

/** The payer's own order, or 404 (another payer's order is not theirs to see). */
export const ownOrder = step(async (db: Queryable, actor: Actor, where: { id: string } | { gatewayOrderId: string }) => {
  const [order] = await db
    .select()
    .from(gatewayOrders)
    .where("id" in where ? eq(gatewayOrders.id, where.id) : eq(gatewayOrders.gatewayOrderId, where.gatewayOrderId));
  if (!order || order.userId !== actor.id) throw new NotFound(message("gatewayOrderNotFound"));
  return order;
});

/** What an order's status is read from: whether it is paid, its payments, and when it stops holding a seat. */
const orderFacts = {
  paid: sql<boolean>`${gatewayOrders.paidTransactionId} is not null`,
  captured: sql<boolean>`exists (select 1 from ${gatewayPayments} p where p.order_id = ${gatewayOrders.id} and p.status = 'captured')`,
  lastPayment: sql<string | null>`(select p.status from ${gatewayPayments} p where p.order_id = ${gatewayOrders.id} order by p.created_at desc limit 1)`,
  expiresAt: gatewayOrders.expiresAt,
};

/**
 * Paid once its payment is captured; kept when a captured payment went to the wallet instead (it
 * could no longer be the entry fee); failed while its last payment failed; expired once it no
 * longer holds a seat.
 */
function statusOf(facts: { paid: boolean; captured: boolean; lastPayment: string | null; expiresAt: Date }, now: Date): GatewayOrderStatus {
  if (facts.paid) return "paid";
  if (facts.captured) return "kept";
  if (facts.lastPayment === "failed") return "failed";
  return facts.expiresAt <= now ? "expired" : "open";
}

export const orderStatusOf = step(async (db: Queryable, orderId: string, now: Date): Promise<GatewayOrderStatus> => {
  const [facts] = await db.select(orderFacts).from(gatewayOrders).where(eq(gatewayOrders.id, orderId));
  return statusOf(facts, now);
});

/** GET /api/payments/gateway/orders/{id}: where the payer's order stands, polled by their card. */
export const gatewayOrderStatus = service("payments.pay", async (actor, orderId: string, now: Date = new Date()) => {
  const db = await getDb();
  const order = await ownOrder(db, actor, { id: orderId });
  return { status: await orderStatusOf(db, order.id, now) };
});

/**
 * The participant's latest gateway order per quiz and where it stands, in one query, for the
 * dashboard's cards: a failed one says so when the page is loaded again, an open one is followed.
 */
export const gatewayOrderStates = step(async (db: Queryable, userId: string, now: Date): Promise<Map<string, GatewayOrderState>> => {
  const orders = await db
    .selectDistinctOn([gatewayOrders.quizId], { quizId: gatewayOrders.quizId, id: gatewayOrders.id, ...orderFacts })
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.userId, userId), eq(gatewayOrders.purpose, "entry_fee")))
    .orderBy(gatewayOrders.quizId, desc(gatewayOrders.createdAt));
  return new Map(orders.map(({ quizId, id, ...facts }) => [quizId!, { id, status: statusOf(facts, now) }]));
});

