import { route } from "@/lib/http";
import { submitCredit } from "@/lib/payments";
import { specTransaction } from "@/lib/wallet";
import { creditSchema } from "@/lib/wallet/schemas";

export const POST = route({ can: "payments.pay", does: "Submits a UPI payment (top-up or entry fee) for verification", body: creditSchema }, async ({ actor, body, say }) =>
  Response.json({ message: say("paymentSubmitted"), transaction: specTransaction(await submitCredit(actor, body)) }, { status: 201 }),
);
