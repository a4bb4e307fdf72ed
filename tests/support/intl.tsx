import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { loadMessages } from "@/lib/i18n/translations";
import type { Language } from "@/lib/i18n/schemas";

/** A component as the app renders it: inside the layout's next-intl provider, in a language. */
export async function withIntl(ui: ReactNode, language: Language = "en") {
  return (
    <NextIntlClientProvider locale={language} messages={await loadMessages(language)} timeZone="Asia/Kolkata">
      {ui}
    </NextIntlClientProvider>
  );
}
