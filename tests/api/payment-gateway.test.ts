import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * Payments through the gateway (issue 54) against the local fake of Razorpay's documented API,
 * with the official SDK pointed at it, on a database of this file's own: the ledger check after
 * each test sees every row.
 */
const own = await vi.hoisted(async () => (await import("../support/own-database")).ownDatabase());

import { and, eq } from "drizzle-orm";
import { POST as confirmRoute } from "@/app/api/payments/gateway/confirm/route";
import { GET as orderStatusRoute } from "@/app/api/payments/gateway/orders/[id]/route";
import { POST as orderRoute } from "@/app/api/payments/gateway/orders/route";
import { POST as refundRoute } from "@/app/api/payments/gateway/payments/[id]/refund/route";
import { gatewayEvents, gatewayPayments, journalEntries, journalLines, transactions } from "@/db/schema";
import { SYSTEM, type ActiveUser } from "@/lib/auth";
import { checkLedger } from "@/lib/books";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { createGatewayOrder, payEntryFeeFromWallet, reviewTransaction } from "@/lib/payments";
import { checkoutSignature, type FakeRazorpay } from "../support/fake-razorpay";
import { deliverWebhook, withFakeGateway } from "../support/gateway";
import { call } from "../support/http";
import { seededBeforeAndDroppedAfter } from "../support/own-database";
import { admin } from "../support/users";
import { adult, balanceOf, fundWallet, openRegistration } from "../support/wallet";

seededBeforeAndDroppedAfter(own);
// Webhooks wait until a test delivers them to the route itself, in the order it chooses.
const gateway = withFakeGateway();
let fake: FakeRazorpay;

beforeEach(() => {
  fake = gateway.fake;
  fake.drop();
});

afterEach(async () => {
  expect(await checkLedger(SYSTEM)).toMatchObject({ ok: true });
});

/** A webhook posted to the app's route as the gateway sends it (the signature may be another). */
const post = (event: { id: string; body: string; signature: string }, signature?: string) => deliverWebhook(event, { signature });
/** As the app says it (messages/en/errors.json), written out: a test of the text a caller reads. */
const NOT_AN_EVENT = "The webhook's body is not a payment gateway event.";

/** The events the fake raised and held since the last call, oldest first; none stays held. */
function heldEvents() {
  return fake.drop();
}

async function orderFor(payer: ActiveUser, body: object) {
  const { status, body: answer } = await call(orderRoute, { as: payer, json: body });
  expect(status, JSON.stringify(answer)).toBe(201);
  return answer.order as { id: string; gatewayOrderId: string; amountPaise: number; keyId: string; checkoutUrl: string };
}

async function receiptsOf(userId: string) {
  const db = await getDb();
  return db.select().from(transactions).where(and(eq(transactions.userId, userId), eq(transactions.mode, "gateway")));
}

async function accountLines(transactionId: string) {
  const db = await getDb();
  return db
    .select({ account: journalLines.account, amount: journalLines.amountPaise })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(eq(journalEntries.transactionId, transactionId))
    .orderBy(journalLines.line);
}

describe("an entry fee through the gateway", () => {
  it("is ordered at the quiz's own fee, whatever the browser sends, and reused while it holds the seat", async () => {
    const payer = await adult();
    const quiz = await openRegistration({ entryFeePaise: 25_000 });
    const order = await orderFor(payer, { purpose: "entry_fee", quizId: quiz.id, amount: 1 });
    expect(order).toMatchObject({ amountPaise: 25_000, keyId: config.gateway!.keyId, checkoutUrl: config.gateway!.checkoutUrl });
    expect(fake.orders().find((found) => found.id === order.gatewayOrderId)).toMatchObject({ amount: 25_000, currency: "INR" });
    expect((await orderFor(payer, { purpose: "entry_fee", quizId: quiz.id })).id).toBe(order.id);
    expect((await call(orderStatusRoute, { as: payer, params: { id: order.id } })).body).toEqual({ status: "open" });
    // Another payer's order is not theirs to see.
    expect((await call(orderStatusRoute, { as: await adult(), params: { id: order.id } })).status).toBe(404);
  });

  it("counts once the signed webhook says captured: delivered twice, or as captured and as order paid, it credits once", async () => {
    const payer = await adult();
    const quiz = await openRegistration({ entryFeePaise: 25_000 });
    const order = await orderFor(payer, { purpose: "entry_fee", quizId: quiz.id });
    fake.hold();
    fake.pay(order.gatewayOrderId);
    const [authorized, captured, paid] = heldEvents();
    expect([authorized.event, captured.event, paid.event]).toEqual(["payment.authorized", "payment.captured", "order.paid"]);

    // In any order: order.paid first, the authorisation last.
    expect(await post(paid)).toEqual({ status: 200, body: { message: "Processed." } });
    expect(await post(captured)).toEqual({ status: 200, body: { message: "Already processed." } });
    expect(await post(paid)).toEqual({ status: 200, body: { message: "Already processed." } });
    expect((await post(authorized)).status).toBe(200);

    const [fee] = await receiptsOf(payer.id);
    expect(await receiptsOf(payer.id)).toHaveLength(1);
    expect(fee).toMatchObject({ type: "form pay", quizId: quiz.id, status: "verified", amountPaise: 25_000, paymentReference: JSON.parse(captured.body).payload.payment.entity.id });
    expect(await accountLines(fee.id)).toEqual([
      { account: "gateway_clearing", amount: 25_000 },
      { account: "entry_fees", amount: -25_000 },
    ]);
    expect((await call(orderStatusRoute, { as: payer, params: { id: order.id } })).body).toEqual({ status: "paid" });
    // No admin decides a gateway payment.
    await expect(reviewTransaction(await admin(), fee.id, "rejected")).rejects.toThrow();
  });

  it("changes nothing for a wrong signature (401), a changed amount (400), an unknown order or a replay (200, ignored)", async () => {
    const payer = await adult();
    const quiz = await openRegistration({ entryFeePaise: 25_000 });
    const order = await orderFor(payer, { purpose: "entry_fee", quizId: quiz.id });
    fake.hold();
    fake.pay(order.gatewayOrderId);
    const [, captured] = heldEvents();
    const db = await getDb();
    const eventsBefore = (await db.select().from(gatewayEvents)).length;

    // Signed with another secret, or the body changed under the gateway's signature.
    expect((await post(captured, fake.sign("something else"))).status).toBe(401);
    const cheaper = captured.body.replace('"amount":25000', '"amount":100');
    expect(cheaper).not.toBe(captured.body);
    expect((await post({ ...captured, body: cheaper })).status).toBe(401);
    // Signed as the gateway would, but not for the order's amount: refused.
    const mismatch = await post({ ...captured, id: `${captured.id}x`, body: cheaper, signature: fake.sign(cheaper) });
    expect(mismatch).toEqual({ status: 400, body: { message: "The payment does not match its order's amount and currency, so it was not counted." } });
    // Signed by the gateway's secret but not an event (not JSON, or JSON of another shape): refused, nothing kept.
    for (const body of ["not json {", JSON.stringify({ event: "payment.captured" })]) {
      expect(await post({ id: `evt_Shapeless${body.length}`, body, signature: fake.sign(body) })).toEqual({ status: 400, body: { message: NOT_AN_EVENT } });
    }
    expect(await db.select().from(gatewayEvents)).toHaveLength(eventsBefore);
    // A payment for an order this app never made: acknowledged, so the gateway stops, and ignored.
    const stranger = fake.createOrder({ amount: 25_000 });
    fake.pay(stranger.id);
    const [, strangers] = heldEvents();
    expect(await post(strangers)).toEqual({ status: 200, body: { message: "Ignored: nothing of this app's." } });
    expect(await receiptsOf(payer.id)).toEqual([]);
    expect(await db.select().from(gatewayPayments).where(eq(gatewayPayments.gatewayPaymentId, JSON.parse(strangers.body).payload.payment.entity.id))).toEqual([]);

    // Without an event id (Razorpay always sends one), the same body is the same event.
    const unnamed = fake.buildEvent("payment.failed", { payment: { ...JSON.parse(captured.body).payload.payment.entity, id: "pay_Unnamed0000001", status: "failed" } });
    expect(await deliverWebhook(unnamed, { eventId: null })).toEqual({ status: 200, body: { message: "Processed." } });
    expect(await deliverWebhook(unnamed, { eventId: null })).toEqual({ status: 200, body: { message: "Already processed." } });

    // The real one counts; its replay does not.
    expect((await post(captured)).status).toBe(200);
    expect(await post(captured)).toEqual({ status: 200, body: { message: "Already processed." } });
    expect(await receiptsOf(payer.id)).toHaveLength(1);
    expect((await db.select().from(gatewayEvents)).length).toBe(eventsBefore + 3);
  });

  it("never verifies a failed payment, and a later attempt on the same order counts", async () => {
    const payer = await adult();
    const quiz = await openRegistration({ entryFeePaise: 25_000 });
    const order = await orderFor(payer, { purpose: "entry_fee", quizId: quiz.id });
    fake.hold();
    fake.pay(order.gatewayOrderId, { outcome: "failed" });
    const [failed] = heldEvents();
    expect(failed.event).toBe("payment.failed");
    expect((await post(failed)).status).toBe(200);
    expect(await receiptsOf(payer.id)).toEqual([]);
    expect((await call(orderStatusRoute, { as: payer, params: { id: order.id } })).body).toEqual({ status: "failed" });

    // The browser's claim of success for the failed payment counts for nothing either.
    const failedId = JSON.parse(failed.body).payload.payment.entity.id as string;
    const claimed = await call(confirmRoute, { as: payer, json: { gatewayOrderId: order.gatewayOrderId, gatewayPaymentId: failedId, signature: checkoutSignature(order.gatewayOrderId, failedId, config.gateway!.keySecret) } });
    expect(claimed.body).toMatchObject({ status: "failed", message: "Payment failed — try again" });
    expect(await receiptsOf(payer.id)).toEqual([]);

    fake.pay(order.gatewayOrderId);
    const [, captured] = heldEvents();
    expect((await post(captured)).status).toBe(200);
    expect(await receiptsOf(payer.id)).toMatchObject([{ type: "form pay", status: "verified" }]);
  });

  it("is confirmed from the checkout through the gateway's API when no webhook has come, and the webhook then changes nothing", async () => {
    const payer = await adult();
    const quiz = await openRegistration({ entryFeePaise: 25_000 });
    const order = await orderFor(payer, { purpose: "entry_fee", quizId: quiz.id });
    fake.hold();
    const { checkout } = fake.pay(order.gatewayOrderId);
    const [, captured] = heldEvents();
    const confirmation = { gatewayOrderId: checkout!.razorpay_order_id, gatewayPaymentId: checkout!.razorpay_payment_id, signature: checkout!.razorpay_signature };

    const forged = await call(confirmRoute, { as: payer, json: { ...confirmation, signature: "0".repeat(64) } });
    expect(forged.status).toBe(400);
    expect(await receiptsOf(payer.id)).toEqual([]);
    // Only the order's payer may confirm it.
    expect((await call(confirmRoute, { as: await adult(), json: confirmation })).status).toBe(404);

    const confirmed = await call(confirmRoute, { as: payer, json: confirmation });
    expect(confirmed).toMatchObject({ status: 200, body: { status: "paid", message: "Paid — you can start the quiz when it opens" } });
    expect(await post(captured)).toEqual({ status: 200, body: { message: "Already processed." } });
    expect(await receiptsOf(payer.id)).toHaveLength(1);
  });

  it("holds a seat while its order is open, and lets it go when the order expires", async () => {
    const first = await adult();
    const second = await adult();
    const quiz = await openRegistration({ entryFeePaise: 25_000, capacity: 1 });
    const now = new Date();
    await createGatewayOrder(first, { purpose: "entry_fee", quizId: quiz.id }, now);
    await expect(createGatewayOrder(second, { purpose: "entry_fee", quizId: quiz.id }, now)).rejects.toThrow(/held/);
    const later = new Date(now.getTime() + (config.gateway!.orderMinutes + 1) * 60_000);
    expect((await createGatewayOrder(second, { purpose: "entry_fee", quizId: quiz.id }, later)).amountPaise).toBe(25_000);
  });

  it("keeps a payment that can no longer be the entry fee in the payer's wallet", async () => {
    const payer = await adult();
    const quiz = await openRegistration({ entryFeePaise: 25_000 });
    await fundWallet(payer, await admin(), 25_000);
    const order = await orderFor(payer, { purpose: "entry_fee", quizId: quiz.id });
    // Paid from the wallet in another tab while the checkout was open.
    await payEntryFeeFromWallet(payer, quiz.id);
    fake.hold();
    fake.pay(order.gatewayOrderId);
    const [, captured] = heldEvents();
    expect((await post(captured)).status).toBe(200);
    expect(await receiptsOf(payer.id)).toMatchObject([{ type: "credit", status: "verified", amountPaise: 25_000, reason: "gatewayPaymentKept" }]);
    expect(await balanceOf(payer.id)).toBe(25_000);
    expect((await call(orderStatusRoute, { as: payer, params: { id: order.id } })).body).toEqual({ status: "kept" });
  });
});

describe("a top-up through the gateway", () => {
  it("credits the wallet once, and a refund through the gateway takes it back and posts its entry, once", async () => {
    const payer = await adult();
    const order = await orderFor(payer, { purpose: "top_up", amount: 300 });
    expect(order.amountPaise).toBe(30_000);
    fake.hold();
    fake.pay(order.gatewayOrderId);
    const [, captured] = heldEvents();
    expect((await post(captured)).status).toBe(200);
    expect(await balanceOf(payer.id)).toBe(30_000);
    const [credit] = await receiptsOf(payer.id);
    expect(await accountLines(credit.id)).toEqual([
      { account: "gateway_clearing", amount: 30_000 },
      { account: "wallets", amount: -30_000 },
    ]);

    const reviewer = await admin();
    // Only an admin refunds, and only a gateway credit.
    expect((await call(refundRoute, { as: payer, params: { id: credit.id }, json: { reason: "asked for it back" } })).status).toBe(403);
    const refunded = await call(refundRoute, { as: reviewer, params: { id: credit.id }, json: { reason: "asked for it back" } });
    expect(refunded).toMatchObject({ status: 200, body: { message: "The payment was refunded through the payment gateway." } });
    expect(fake.refunds()).toContainEqual(expect.objectContaining({ payment_id: credit.paymentReference, amount: 30_000, status: "processed" }));
    expect(await balanceOf(payer.id)).toBe(0);
    const debit = (await receiptsOf(payer.id)).find((row) => row.type === "debit")!;
    expect(debit).toMatchObject({ status: "verified", amountPaise: 30_000, reason: "gatewayRefund" });
    expect(await accountLines(debit.id)).toEqual([
      { account: "wallets", amount: 30_000 },
      { account: "gateway_clearing", amount: -30_000 },
    ]);
    expect((await call(refundRoute, { as: reviewer, params: { id: credit.id }, json: { reason: "asked for it back" } })).status).toBe(409);
  });

  it("a refund the gateway processes later moves the wallet when its webhook says so, and a failed one gives the money back", async () => {
    const reviewer = await admin();
    for (const outcome of ["processed", "failed"] as const) {
      const payer = await adult();
      const order = await orderFor(payer, { purpose: "top_up", amount: 200 });
      fake.hold();
      fake.pay(order.gatewayOrderId);
      expect((await post(heldEvents()[1])).status).toBe(200);
      const [credit] = await receiptsOf(payer.id);
      fake.setRefundStatus("pending");
      try {
        expect((await call(refundRoute, { as: reviewer, params: { id: credit.id }, json: { reason: "asked for it back" } })).status).toBe(200);
      } finally {
        fake.setRefundStatus("processed");
      }
      // Reserved meanwhile: the wallet cannot spend it twice.
      expect((await receiptsOf(payer.id)).find((row) => row.type === "debit")).toMatchObject({ status: "pending" });
      const [pending] = fake.refunds().filter((refund) => refund.payment_id === credit.paymentReference);
      fake.finishRefund(pending.id, outcome);
      const settled = heldEvents().find((event) => event.event === `refund.${outcome}`)!;
      expect((await post(settled)).status).toBe(200);
      expect((await receiptsOf(payer.id)).find((row) => row.type === "debit")).toMatchObject({ status: outcome === "processed" ? "verified" : "rejected" });
      expect(await balanceOf(payer.id)).toBe(outcome === "processed" ? 0 : 20_000);
    }
  });
});
