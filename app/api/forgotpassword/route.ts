import { requestPasswordReset } from "@/lib/accounts";
import { forgotPasswordSchema } from "@/lib/accounts/schemas";
import { clientIp, mailOrigin, route } from "@/lib/http";

/** Answers the same whether or not the email has an account, so emails cannot be probed. */
export const POST = route({ can: "accounts.resetPassword", does: "Mails a password reset link", body: forgotPasswordSchema }, async ({ actor, request, body, say }) => {
  await requestPasswordReset(actor, body.email, clientIp(request), mailOrigin(request.headers));
  return { message: say("resetRequested") };
});
