import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { config } from "@/lib/config";
import { LANGUAGE_NAMES, otherLanguage, type Language } from "@/lib/i18n/schemas";

/** The brand's tagline in `language`: the operator's own (BRAND_TAGLINE, BRAND_TAGLINE_HI), else the app's (shell's "tagline"). */
export function taglineIn(language: Language, appTagline: string): string {
  return config.brand.customTagline?.[language] ?? appTagline;
}

/** The brand's tagline in the reader's language. */
export async function brandTagline(): Promise<string> {
  const [t, language] = await Promise.all([getTranslations("shell"), getLocale() as Promise<Language>]);
  return taglineIn(language, t("tagline"));
}

/**
 * The header's, footer's, loader's and back-to-top button's words, written on the server and handed to
 * them as props: the shell is on every page, and so the content pages need no translator (nor
 * the whole catalogue) in the browser.
 */
export async function shellTexts(brandName: string) {
  const [t, ui, language, tagline] = await Promise.all([getTranslations("shell"), getTranslations("ui"), getLocale() as Promise<Language>, brandTagline()]);
  return {
    language,
    tagline,
    skipToContent: t("skipToContent"),
    mainNavigation: t("mainNavigation"),
    home: t("home"),
    winners: t("winners"),
    prize: t("prize"),
    readBlogs: t("readBlogs"),
    termsShort: t("termsShort"),
    privacyPolicy: t("privacyPolicy"),
    contactUs: t("contactUs"),
    admin: t("admin"),
    loginSignup: t("loginSignup"),
    menu: t("menu"),
    closeMenu: t("closeMenu"),
    close: t("close"),
    menuLabel: t("menuLabel", { brand: brandName }),
    profileDetails: t("profileDetails"),
    wallet: t("wallet"),
    logout: t("logout"),
    account: t("account"),
    socialLinks: t("socialLinks"),
    switchTo: t("switchTo", { language: LANGUAGE_NAMES[otherLanguage(language)] }),
    installApp: ui("installApp"),
    backToTop: ui("backToTop"),
    loading: ui("loading", { brand: brandName }),
  };
}

export type ShellTexts = Awaited<ReturnType<typeof shellTexts>>;
