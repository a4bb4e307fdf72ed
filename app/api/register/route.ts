import { register } from "@/lib/accounts";
import { registerSchema } from "@/lib/accounts/schemas";
import { loggedInResponse } from "@/lib/auth";
import { knownClientIp, mailOrigin, route } from "@/lib/http";
import { browserLanguage } from "@/lib/i18n/schemas";

/** The browser's language becomes the account's, so the confirmation mail is already in it; sign-ups are limited by the caller's address. */
export const POST = route({ can: "accounts.register", does: "Creates an account", body: registerSchema }, async ({ actor, request, body, say }) =>
  loggedInResponse(await register(actor, { ...body, language: browserLanguage(request.headers) }, mailOrigin(request.headers), knownClientIp(request)), say("registrationSuccessful"), 201),
);
