import { loginWithPassword } from "@/lib/accounts";
import { loginSchema } from "@/lib/accounts/schemas";
import { loggedInResponse } from "@/lib/auth";
import { clientIp, route } from "@/lib/http";

export const POST = route({ can: "accounts.login", does: "Signs in with email and password", body: loginSchema }, async ({ actor, request, body, say }) =>
  loggedInResponse(await loginWithPassword(actor, body.email, body.password, clientIp(request)), say("loginSuccessful")),
);
