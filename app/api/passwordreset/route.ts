import { resetPassword } from "@/lib/accounts";
import { passwordResetSchema } from "@/lib/accounts/schemas";
import { route } from "@/lib/http";
import { PASSWORD_RESET_DONE } from "@/lib/messages";

export const POST = route({ can: "accounts.resetPassword", body: passwordResetSchema }, async ({ actor, body }) => {
  await resetPassword(actor, body.token, body.newPassword);
  return { message: PASSWORD_RESET_DONE };
});
