import { passwordResetSchema } from "@/lib/auth/schemas";
import { resetPassword } from "@/lib/auth/service";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "public", body: passwordResetSchema }, async ({ body }) => ({
  message: await resetPassword(body.token, body.newPassword),
}));
