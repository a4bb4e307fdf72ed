import { z } from "zod";
import { chooseLanguage } from "@/lib/accounts";
import { route } from "@/lib/http";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LANGUAGES } from "@/lib/i18n/schemas";

const languageChoice = z.object({ language: z.enum(LANGUAGES) });

/** The header's language switch: this browser keeps the choice, and a logged-in user's account too. */
export const PUT = route({ can: "accounts.chooseLanguage", does: "Saves the caller's language", body: languageChoice }, async ({ actor, body }) => {
  await chooseLanguage(actor, body.language);
  const cookie = `${LANGUAGE_COOKIE}=${body.language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
  return Response.json({ language: body.language }, { headers: { "set-cookie": cookie } });
});
