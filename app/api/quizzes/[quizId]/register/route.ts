import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";
import { registerFree } from "@/lib/payments";

/** Registration for a free-entry quiz: no payment, no admin (see registerFree). */
export const POST = route({ can: "payments.pay", does: "Registers for a quiz, paying its entry fee from the wallet or by UPI", params: quizParams }, async ({ actor, params, say }) => {
  await registerFree(actor, params.quizId);
  return Response.json({ message: say("registeredFree") }, { status: 201 });
});
