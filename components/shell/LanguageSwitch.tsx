"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { callApi } from "@/lib/client";
import { intlLocale, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE, LANGUAGE_NAMES, otherLanguage, type Language } from "@/lib/i18n/schemas";

/**
 * Switches to the other language in place: the page's server parts are drawn again in it while
 * everything typed or answered in the browser stays (an exam keeps its answers).
 */
export function LanguageSwitch({ language, title, className }: { language: Language; title: string; className?: string }) {
  const other = otherLanguage(language);
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
      title={title}
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
