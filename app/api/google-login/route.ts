import { loginWithGoogle } from "@/lib/accounts";
import { googleLoginSchema } from "@/lib/accounts/schemas";
import { loggedInResponse } from "@/lib/auth";
import { route } from "@/lib/http";
import { browserLanguage } from "@/lib/i18n/schemas";

export const POST = route({ can: "accounts.login", does: "Signs in with a Google ID token", body: googleLoginSchema }, async ({ actor, request, body, say }) =>
  loggedInResponse(await loginWithGoogle(actor, { ...body, language: browserLanguage(request.headers) }), say("loginSuccessful")),
);
