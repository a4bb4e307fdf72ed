import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { savedLanguage } from "@/lib/accounts";
import { currentUser } from "@/lib/auth";
import { loadMessages } from "./translations";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_HEADER, languageFromAcceptLanguage, type Language } from "./schemas";

/**
 * A page's language: a `?lang=` link (passed on by the proxy), else this browser's choice, else
 * the logged-in user's choice from another device, else what the browser prefers, else English.
 */
async function requestLanguage(): Promise<Language> {
  const requestHeaders = await headers();
  const fromLink = requestHeaders.get(LANGUAGE_HEADER);
  if (isLanguage(fromLink)) return fromLink;
  const fromCookie = (await cookies()).get(LANGUAGE_COOKIE)?.value;
  if (isLanguage(fromCookie)) return fromCookie;
  const user = await currentUser();
  const saved = user ? await savedLanguage(user, user.id) : null;
  return saved ?? languageFromAcceptLanguage(requestHeaders.get("accept-language")) ?? DEFAULT_LANGUAGE;
}

export default getRequestConfig(async () => {
  const locale = await requestLanguage();
  return { locale, messages: await loadMessages(locale), timeZone: "Asia/Kolkata" };
});
