import { Forbidden } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { payEntryFeeFromWallet, requestWithdrawal } from "@/lib/wallet/ledger";
import { debitSchema } from "@/lib/wallet/schemas";

export const POST = route({ auth: "user", body: debitSchema }, async ({ user, body }) => {
  if (body.userId && body.userId !== user.id) throw new Forbidden("You can use only your own wallet.");
  if (body.paymentType === "form pay") {
    const transaction = await payEntryFeeFromWallet(user, body.quizId);
    return Response.json({ message: "Paid from your wallet. You are registered.", transaction }, { status: 201 });
  }
  const transaction = await requestWithdrawal(user, { amountPaise: Math.round(body.amount * 100), bankName: body.payeeName, upiId: body.upiId });
  return Response.json({ message: "Withdrawal request submitted successfully! Please wait for admin confirmation.", transaction }, { status: 201 });
});
