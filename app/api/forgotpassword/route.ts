import { forgotPasswordSchema } from "@/lib/auth/schemas";
import { requestPasswordReset } from "@/lib/auth/service";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "public", body: forgotPasswordSchema }, async ({ body }) => ({
  message: await requestPasswordReset(body.email),
}));
