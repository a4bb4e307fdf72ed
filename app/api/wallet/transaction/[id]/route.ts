import { z } from "zod";
import { route } from "@/lib/http";
import { reviewTransaction } from "@/lib/payments";
import { specTransaction } from "@/lib/wallet";
import { reviewSchema } from "@/lib/wallet/schemas";

/** The spec sends the whole transaction; its new paymentVerified is read, and the reason an admin may give. */
export const PUT = route(
  { can: "payments.verify", does: "Verifies or rejects a pending transaction", params: z.object({ id: z.uuid("Transaction not found.") }), body: reviewSchema },
  async ({ actor, params, body, say }) => ({
    message: say("paymentStatusUpdated"),
    transaction: specTransaction(await reviewTransaction(actor, params.id, body.paymentVerified, { reason: body.reason })),
  }),
);
