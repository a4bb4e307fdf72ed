import { requestPasswordReset } from "@/lib/accounts";
import { forgotPasswordSchema } from "@/lib/accounts/schemas";
import { route } from "@/lib/http";
import { RESET_REQUESTED } from "@/lib/messages";

/** Answers the same whether or not the email has an account, so emails cannot be probed. */
export const POST = route({ can: "accounts.resetPassword", body: forgotPasswordSchema }, async ({ actor, body }) => {
  await requestPasswordReset(actor, body.email);
  return { message: RESET_REQUESTED };
});
