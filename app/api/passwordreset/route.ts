import { resetPassword } from "@/lib/accounts";
import { passwordResetSchema } from "@/lib/accounts/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "accounts.resetPassword", does: "Sets a new password with a reset token", body: passwordResetSchema }, async ({ actor, body, say }) => {
  await resetPassword(actor, body.token, body.newPassword);
  return { message: say("passwordResetDone") };
});
