import { Forbidden } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { requestTopUp, submitEntryFee } from "@/lib/wallet/ledger";
import { creditSchema } from "@/lib/wallet/schemas";

export const POST = route({ auth: "user", body: creditSchema }, async ({ user, body }) => {
  if (body.userId && body.userId !== user.id) throw new Forbidden("You can pay only for yourself.");
  const transaction =
    body.paymentType === "form pay"
      ? await submitEntryFee(user, { quizId: body.quizId, proofUploadId: body.paysnapurl, payeeName: body.payeeName, paymentReference: body.paymentId })
      : await requestTopUp(user, { amountPaise: Math.round(body.amount * 100), payeeName: body.payeeName, proofUploadId: body.paysnapurl, paymentReference: body.paymentId });
  return Response.json({ message: "Payment submitted successfully! Please wait for admin confirmation.", transaction }, { status: 201 });
});
