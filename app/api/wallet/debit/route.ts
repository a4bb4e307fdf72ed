import { route } from "@/lib/http";
import { submitDebit } from "@/lib/payments";
import { specTransaction } from "@/lib/wallet";
import { debitSchema } from "@/lib/wallet/schemas";

export const POST = route({ can: "payments.pay", body: debitSchema }, async ({ actor, body }) => {
  const transaction = await submitDebit(actor, body);
  const message = body.paymentType === "form pay" ? "Paid from your wallet. You are registered." : "Withdrawal request submitted successfully! Please wait for admin confirmation.";
  return Response.json({ message, transaction: specTransaction(transaction) }, { status: 201 });
});
