import { describe, expect, it } from "vitest";
import { gatewaySignature, signatureMatches } from "./client";

/** Razorpay's published example values (razorpay-node, test/utils/razorpay-utils.spec.js). */
const WEBHOOK = { body: '{"a":1,"b":2,"c":{"d":3}}', secret: "123456", signature: "2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc" };
const PAYMENT = { orderId: "order_IEIaMR65cu6nz3", paymentId: "pay_IH4NVgf4Dreq1l", secret: "EnLs21M47BllR3X8PSFtjtbd", signature: "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f" };

describe("the gateway's signatures, as the app checks them", () => {
  it("match Razorpay's published webhook example, and nothing else", () => {
    expect(gatewaySignature(WEBHOOK.secret, WEBHOOK.body)).toBe(WEBHOOK.signature);
    expect(signatureMatches(WEBHOOK.secret, WEBHOOK.body, WEBHOOK.signature)).toBe(true);
    expect(signatureMatches(WEBHOOK.secret, WEBHOOK.body, WEBHOOK.signature.toUpperCase())).toBe(true);
    expect(signatureMatches(WEBHOOK.secret, WEBHOOK.body.replace("3", "4"), WEBHOOK.signature)).toBe(false);
    expect(signatureMatches("1234567", WEBHOOK.body, WEBHOOK.signature)).toBe(false);
    expect(signatureMatches(WEBHOOK.secret, WEBHOOK.body, "sdfafds")).toBe(false);
    expect(signatureMatches(WEBHOOK.secret, WEBHOOK.body, WEBHOOK.signature.slice(0, 62))).toBe(false);
    expect(signatureMatches(WEBHOOK.secret, WEBHOOK.body, "")).toBe(false);
  });

  it("match Razorpay's published checkout example: order_id|payment_id with the key secret", () => {
    expect(signatureMatches(PAYMENT.secret, `${PAYMENT.orderId}|${PAYMENT.paymentId}`, PAYMENT.signature)).toBe(true);
    expect(signatureMatches(PAYMENT.secret, `${PAYMENT.paymentId}|${PAYMENT.orderId}`, PAYMENT.signature)).toBe(false);
  });
});
