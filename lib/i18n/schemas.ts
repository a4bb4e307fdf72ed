/**
 * The languages the app speaks and how a request's language is chosen. Safe for the browser and
 * the proxy: no database, no Next request helpers.
 */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** next-intl's own cookie name, so its client helpers and ours agree. */
export const LANGUAGE_COOKIE = "NEXT_LOCALE";
/** A year: a language choice outlives sessions. */
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** Public pages in another language are the same address with `?lang=hi` (what hreflang points at). */
export const LANGUAGE_PARAM = "lang";
/** The proxy passes a `?lang=` choice to the page in this request header. */
export const LANGUAGE_HEADER = "x-olympiad-language";

/** Names each language in itself: the switch reads "हिन्दी" to a Hindi reader browsing in English. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", hi: "हिन्दी" };

/** The language the switch offers to a reader of `current`. */
export function otherLanguage(current: Language): Language {
  return LANGUAGES.find((language) => language !== current) ?? current;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Indian conventions in both languages: lakh grouping, day-month order, India's time zone. */
export function intlLocale(language: Language): string {
  return language === "hi" ? "hi-IN" : "en-IN";
}

/**
 * The best of our languages for an Accept-Language header, by its quality values; null when the
 * browser asks for neither (the caller falls back to English).
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.trim().toLowerCase().split("-")[0], q: quality ? Number(quality.slice(2)) : 1, order };
    })
    .filter((entry) => entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

/**
 * The language a browser asks for without a page or an account to go by (an API call, a
 * sign-up): its language cookie, else its Accept-Language; null when it says neither.
 */
export function browserLanguage(headers: Pick<Headers, "get">): Language | null {
  const fromCookie = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`).exec(headers.get("cookie") ?? "")?.[1]?.trim();
  return isLanguage(fromCookie) ? fromCookie : languageFromAcceptLanguage(headers.get("accept-language"));
}
