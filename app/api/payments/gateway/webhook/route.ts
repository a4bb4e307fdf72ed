import { readRawText, route } from "@/lib/http";
import { receiveGatewayWebhook } from "@/lib/payments";

const SAID = { applied: "gatewayEventApplied", "already processed": "gatewayEventSeen", ignored: "gatewayEventIgnored" } as const;

/**
 * Not in the spec (issue 54): the payment gateway's webhook. No session: trusted by the signature
 * over its raw body alone (401 when it does not match); 2xx for whatever the app will never act on,
 * so the gateway stops retrying it.
 */
export const POST = route({ can: "payments.gatewayNotify", does: "Receives the payment gateway's signed webhook" }, async ({ actor, request, say }) => {
  const outcome = await receiveGatewayWebhook(actor, {
    rawBody: await readRawText(request),
    signature: request.headers.get("x-razorpay-signature") ?? "",
    eventId: request.headers.get("x-razorpay-event-id") || undefined,
  });
  return { message: say(SAID[outcome]) };
});
