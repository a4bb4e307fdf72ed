import { getLocale } from "next-intl/server";
import { DEFAULT_LANGUAGE, intlLocale, LANGUAGE_PARAM, LANGUAGES, type Language } from "./schemas";

/** A public page's address in a language: English at its plain address, Hindi with `?lang=hi`. */
export function addressIn(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  const [pathname, query] = path.split("?", 2);
  const params = new URLSearchParams(query);
  params.set(LANGUAGE_PARAM, language);
  return `${pathname}?${params}`;
}

/** Every language's address of a page by its hreflang code ("en-IN", "hi-IN"), and x-default. */
export function languageAddresses(path: string): Record<string, string> {
  const byLanguage = Object.fromEntries(LANGUAGES.map((language) => [intlLocale(language), addressIn(path, language)]));
  return { ...byLanguage, "x-default": path };
}

/** A public page's canonical address in the language it is shown in, and its hreflang alternates. */
export async function pageAlternates(path: string) {
  const language = (await getLocale()) as Language;
  return { canonical: addressIn(path, language), languages: languageAddresses(path) };
}
