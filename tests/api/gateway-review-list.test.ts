import { beforeAll, describe, expect, it, vi } from "vitest";

/**
 * Transaction Management's gateway rows (issue 54): shown with the gateway's ids and statuses and
 * no decision for an admin, except giving a wallet credit back through the gateway once. Payments are made through the local fake of Razorpay's API, on a
 * database of this file's own (the gateway's records are append-only, signed by the app).
 */
const own = await vi.hoisted(async () => (await import("../support/own-database")).ownDatabase());

import { type ActiveUser } from "@/lib/auth";
import { confirmGatewayPayment, createGatewayOrder, listTransactionsForReview, refundThroughGateway } from "@/lib/payments";
import type { FakeRazorpay } from "../support/fake-razorpay";
import { deliverWebhook, withFakeGateway } from "../support/gateway";
import { seededBeforeAndDroppedAfter } from "../support/own-database";
import { admin } from "../support/users";
import { adult, openRegistration } from "../support/wallet";

seededBeforeAndDroppedAfter(own);

const gateway = withFakeGateway();
let fake: FakeRazorpay;

beforeAll(() => {
  fake = gateway.fake;
});

/** The gateway's signed webhooks for what the fake just did, delivered to the app's route. */
async function deliverHeld() {
  for (const event of fake.drop()) expect((await deliverWebhook(event)).status).toBe(200);
}

/** A payment captured through the checkout and its webhooks; the list's row of what it paid. */
async function paidThroughGateway(payer: ActiveUser, body: Parameters<typeof createGatewayOrder>[1]) {
  const order = await createGatewayOrder(payer, body);
  const paid = fake.pay(order.gatewayOrderId);
  await confirmGatewayPayment(payer, { gatewayOrderId: order.gatewayOrderId, gatewayPaymentId: paid.payment.id, signature: paid.checkout!.razorpay_signature });
  await deliverHeld();
  return rowOf(paid.payment.id);
}

async function rowOf(paymentReference: string) {
  return (await listTransactionsForReview(await admin())).rows.find((row) => row.paymentReference === paymentReference)!;
}

describe("a payment through the gateway in Transaction Management", () => {
  it("shows its order, every payment tried on it and its refund on the receipt and on the refund's debit, and offers the refund until it is made", async () => {
    const payer = await adult();
    const reviewer = await admin();
    const order = await createGatewayOrder(payer, { purpose: "top_up", amount: 300 });
    const failed = fake.pay(order.gatewayOrderId, { outcome: "failed" });
    await deliverHeld();
    const paid = fake.pay(order.gatewayOrderId);
    await confirmGatewayPayment(payer, { gatewayOrderId: order.gatewayOrderId, gatewayPaymentId: paid.payment.id, signature: paid.checkout!.razorpay_signature });
    await deliverHeld();

    const [receipt] = (await listTransactionsForReview(reviewer)).rows.filter((row) => row.paymentReference === paid.payment.id);
    expect(receipt).toMatchObject({ mode: "gateway", type: "credit", status: "verified", actions: ["gatewayRefund"] });
    expect(receipt.gateway).toEqual({
      orderId: order.gatewayOrderId,
      payments: [
        { id: failed.payment.id, status: "failed", method: expect.any(String), failureReason: expect.any(String) },
        { id: paid.payment.id, status: "captured", method: expect.any(String), failureReason: null },
      ],
      refunds: [],
    });

    await refundThroughGateway(reviewer, receipt.id, "Asked for the money back");
    await deliverHeld();
    const { rows } = await listTransactionsForReview(reviewer);
    const refunds = [{ id: expect.stringMatching(/^rfnd_/), paymentId: paid.payment.id, amountPaise: 30_000, status: "processed" }];
    expect(rows.find((row) => row.id === receipt.id)).toMatchObject({ actions: [], gateway: { refunds } });
    const debit = rows.find((row) => row.mode === "gateway" && row.type === "debit" && row.userId === payer.id);
    expect(debit).toMatchObject({ actions: [], gateway: { orderId: order.gatewayOrderId, refunds } });

    // A UPI or wallet row has no gateway side.
    expect(rows.filter((row) => row.mode !== "gateway").every((row) => row.gateway === null)).toBe(true);
  });

  it("offers no gateway refund for an entry fee, and none once the gateway holds a refund, pending or failed", async () => {
    const reviewer = await admin();
    const quiz = await openRegistration({ entryFeePaise: 25_000 });
    const fee = await paidThroughGateway(await adult(), { purpose: "entry_fee", quizId: quiz.id });
    expect(fee).toMatchObject({ mode: "gateway", type: "form pay", status: "verified", actions: [] });
    await expect(refundThroughGateway(reviewer, fee.id, "Asked for the money back")).rejects.toThrow("Only a verified wallet credit received through the payment gateway can be refunded through it.");

    const receipt = await paidThroughGateway(await adult(), { purpose: "top_up", amount: 200 });
    expect(receipt.actions).toEqual(["gatewayRefund"]);
    fake.setRefundStatus("pending");
    try {
      await refundThroughGateway(reviewer, receipt.id, "Asked for the money back");
    } finally {
      fake.setRefundStatus("processed");
    }
    expect(await rowOf(receipt.paymentReference!)).toMatchObject({ actions: [], gateway: { refunds: [{ status: "pending" }] } });
    const [pending] = fake.refunds().filter((refund) => refund.payment_id === receipt.paymentReference);
    fake.finishRefund(pending.id, "failed");
    await deliverHeld();
    // The money is back in the wallet, but the gateway refunds a payment once: the server refuses a second, so no button offers it.
    expect(await rowOf(receipt.paymentReference!)).toMatchObject({ actions: [], gateway: { refunds: [{ status: "failed" }] } });
    await expect(refundThroughGateway(reviewer, receipt.id, "Asked for the money back")).rejects.toThrow("This payment has already been refunded through the payment gateway.");
  });
});
