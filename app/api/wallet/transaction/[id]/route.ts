import { z } from "zod";
import { route } from "@/lib/http/route";
import { reviewTransaction } from "@/lib/wallet/ledger";
import { reviewSchema } from "@/lib/wallet/schemas";

/** The spec sends the whole transaction; only its new paymentVerified is read. */
export const PUT = route(
  { auth: "admin", params: z.object({ id: z.uuid("Transaction not found.") }), body: reviewSchema },
  async ({ user, params, body }) => ({
    message: "Payment Status Updated successfully!",
    transaction: await reviewTransaction(user, params.id, body.paymentVerified),
  }),
);
