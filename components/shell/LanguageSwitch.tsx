"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { callApi } from "@/lib/client";
import { intlLocale, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LANGUAGE_NAMES, LANGUAGES } from "@/lib/i18n/schemas";

/**
 * Switches to the other language in place: the page's server parts are drawn again in it while
 * everything typed or answered in the browser stays (an exam keeps its answers).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations("shell");
  const current = useLocale();
  const other = LANGUAGES.find((language) => language !== current) ?? current;
  const router = useRouter();
  const [switching, startSwitch] = useTransition();

  const switchLanguage = () => {
    if (switching) return;
    startSwitch(async () => {
      await callApi("/api/language", { method: "PUT", json: { language: other } }).catch(() => {
        // Offline: the browser still remembers the choice for its next page.
        document.cookie = `${LANGUAGE_COOKIE}=${other}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE}; samesite=lax`;
      });
      router.refresh();
    });
  };

  return (
    <button
      type="button"
      lang={intlLocale(other)}
      title={t("switchTo", { language: LANGUAGE_NAMES[other] })}
      // Not `disabled`: a disabled button drops the keyboard focus to the page, and the reader
      // would start again from the top in the new language.
      aria-busy={switching}
      aria-disabled={switching}
      onClick={switchLanguage}
      className={className}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
