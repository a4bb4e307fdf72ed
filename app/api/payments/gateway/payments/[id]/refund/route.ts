import { z } from "zod";
import { route } from "@/lib/http";
import { refundThroughGateway } from "@/lib/payments";
import { refundSchema } from "@/lib/payments/schemas";

/** Not in the spec (issue 54): gives a wallet credit received through the payment gateway back through the gateway's refund API, once. */
export const POST = route(
  { can: "payments.refund", does: "Refunds a payment gateway credit through the gateway", params: z.object({ id: z.uuid("Transaction not found.") }), body: refundSchema },
  async ({ actor, params, body, say }) => ({ message: say("gatewayRefunded"), transaction: await refundThroughGateway(actor, params.id, body.reason) }),
);
