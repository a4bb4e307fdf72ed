import { route } from "@/lib/http";
import { submitDebit } from "@/lib/payments";
import { specTransaction } from "@/lib/wallet";
import { debitSchema } from "@/lib/wallet/schemas";

export const POST = route({ can: "payments.pay", does: "Requests a withdrawal from the wallet", body: debitSchema }, async ({ actor, body, say }) => {
  const transaction = await submitDebit(actor, body);
  const message = say(body.paymentType === "form pay" ? "paidFromWallet" : "withdrawalSubmitted");
  return Response.json({ message, transaction: specTransaction(transaction) }, { status: 201 });
});
