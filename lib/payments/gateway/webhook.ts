import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { gatewayEvents } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Invalid, Unauthenticated } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { log } from "@/lib/log";
import { recordGatewayPayment, type CaptureOutcome, type GatewayPaymentReport } from "./capture";
import { webhookSignatureValid } from "./client";
import { settleGatewayRefund, type RefundOutcome } from "./refunds";

/** The parts of Razorpay's payment entity the books use (https://razorpay.com/docs/api/payments/). */
export const paymentEntity = z.object({
  id: z.string().regex(/^pay_\w+$/),
  order_id: z.string().regex(/^order_\w+$/),
  amount: z.number().int().positive(),
  currency: z.string(),
  status: z.string(),
  method: z.string().nullish(),
  error_description: z.string().nullish(),
});

const eventSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    refund: z.object({ entity: z.object({ id: z.string().regex(/^rfnd_\w+$/), payment_id: z.string(), status: z.string() }) }).optional(),
  }),
});

/** A payment entity as the report the capture records, with what proves it. */
export function reportOf(entity: z.infer<typeof paymentEntity>, status: GatewayPaymentReport["status"], proof: Record<string, unknown>): GatewayPaymentReport {
  return {
    gatewayPaymentId: entity.id,
    gatewayOrderId: entity.order_id,
    status,
    amountPaise: entity.amount,
    currency: entity.currency,
    method: entity.method ?? null,
    failureReason: entity.error_description ?? null,
    proof,
  };
}

export interface WebhookDelivery {
  rawBody: string;
  signature: string;
  /** Razorpay's X-Razorpay-Event-Id; without one, the body's digest stands for it (the same body is the same event). */
  eventId?: string;
}

/** What the gateway is answered: every 2xx stops its retries, so only a forged or malformed delivery is refused. */
type WebhookOutcome = "applied" | "already processed" | "ignored";

/** What each thing the app did with an event tells the gateway; the event log keeps the detail. */
const ANSWERS: Record<CaptureOutcome | RefundOutcome | "not an event the books use", WebhookOutcome> = {
  "entry fee": "applied",
  "top-up": "applied",
  "kept in wallet": "applied",
  failed: "applied",
  processed: "applied",
  "refund failed": "applied",
  "already recorded": "already processed",
  "already settled": "already processed",
  "unknown order": "ignored",
  "unknown refund": "ignored",
  "not an event the books use": "ignored",
};

/**
 * A webhook from the gateway, trusted only when its signature (HMAC-SHA256 of the raw body with the
 * webhook secret, compared in constant time) matches: 401 otherwise, and nothing changes. An event
 * id seen before is a replay and changes nothing; so is a payment already recorded in its state, a
 * late event about it, or one for an order this app never made (the same gateway account may serve
 * other sites). A captured payment whose amount or currency is not its order's is refused (400).
 */
export const receiveGatewayWebhook = service("payments.gatewayNotify", async (_actor, delivery: WebhookDelivery, now: Date = new Date()): Promise<WebhookOutcome> => {
  if (!webhookSignatureValid(delivery.rawBody, delivery.signature)) throw new Unauthenticated(message("gatewaySignatureInvalid"));
  let parsed: z.infer<typeof eventSchema>;
  try {
    parsed = eventSchema.parse(JSON.parse(delivery.rawBody));
  } catch {
    throw new Invalid(message("gatewayEventInvalid"));
  }
  const eventId = delivery.eventId ?? `sha256:${createHash("sha256").update(delivery.rawBody).digest("hex")}`;
  const db = await getDb();
  const [seen] = await db.select({ eventId: gatewayEvents.eventId }).from(gatewayEvents).where(eq(gatewayEvents.eventId, eventId));
  if (seen) return "already processed";

  const proof = { source: "webhook", eventId, signature: delivery.signature, body: delivery.rawBody };
  const payment = parsed.payload.payment?.entity;
  const refund = parsed.payload.refund?.entity;
  let outcome: keyof typeof ANSWERS;
  if ((parsed.event === "payment.captured" || parsed.event === "order.paid") && payment?.status === "captured") {
    outcome = await recordGatewayPayment(reportOf(payment, "captured", proof), now);
  } else if (parsed.event === "payment.failed" && payment) {
    outcome = await recordGatewayPayment(reportOf(payment, "failed", proof), now);
  } else if ((parsed.event === "refund.processed" || parsed.event === "refund.failed") && refund) {
    outcome = await settleGatewayRefund(refund.id, parsed.event === "refund.processed" ? "processed" : "failed");
  } else {
    outcome = "not an event the books use";
  }
  await db.insert(gatewayEvents).values({ eventId, event: parsed.event, outcome, receivedAt: now }).onConflictDoNothing();
  if (outcome === "unknown order" || outcome === "unknown refund") log.warn({ event: parsed.event, eventId, outcome }, "gateway webhook about something this app never made");
  return ANSWERS[outcome];
});
