import { route } from "@/lib/http";
import { submitCredit } from "@/lib/payments";
import { creditSchema } from "@/lib/wallet/schemas";

export const POST = route({ can: "payments.pay", body: creditSchema }, async ({ actor, body }) =>
  Response.json({ message: "Payment submitted successfully! Please wait for admin confirmation.", transaction: await submitCredit(actor, body) }, { status: 201 }),
);
