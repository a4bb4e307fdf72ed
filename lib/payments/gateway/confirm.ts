import "server-only";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Invalid } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { recordGatewayPayment } from "./capture";
import { askGateway, checkoutSignatureValid } from "./client";
import { orderStatusOf, ownOrder } from "./orders";
import type { GatewayConfirmation } from "./schemas";
import { paymentEntity, reportOf } from "./webhook";

/**
 * The browser's word that the payer finished at the checkout: never enough on its own. The
 * checkout's signature (HMAC of "order_id|payment_id" with the key secret) must match, and the
 * payment is then fetched from the gateway's API, which alone says whether it was captured, for
 * how much, and for which order. So a payer whose webhook is late sees their card change at once,
 * and the webhook, when it comes, changes nothing.
 */
export const confirmGatewayPayment = service("payments.pay", async (actor, confirmation: GatewayConfirmation, now: Date = new Date()) => {
  const db = await getDb();
  const order = await ownOrder(db, actor, { gatewayOrderId: confirmation.gatewayOrderId });
  if (!checkoutSignatureValid(confirmation.gatewayOrderId, confirmation.gatewayPaymentId, confirmation.signature)) throw new Invalid(message("gatewaySignatureInvalid"));
  const fetched = await askGateway("fetch a payment", (gateway) => gateway.payments.fetch(confirmation.gatewayPaymentId));
  const payment = paymentEntity.safeParse(fetched);
  if (!payment.success || payment.data.order_id !== order.gatewayOrderId) throw new Invalid(message("gatewayPaymentMismatch"));
  const proof = { source: "checkout", signature: confirmation.signature, payment: fetched };
  if (payment.data.status === "captured" || payment.data.status === "failed") await recordGatewayPayment(reportOf(payment.data, payment.data.status, proof), now);
  const status = await orderStatusOf(db, order.id, now);
  return { purpose: order.purpose, status: status === "open" || status === "expired" ? ("pending" as const) : status };
});
