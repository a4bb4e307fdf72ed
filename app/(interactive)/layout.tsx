import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

/**
 * The pages with forms and live parts (the exam, the dashboard, the wallet, the admin panel...):
 * their client components translate in the browser, so these pages send the translator and the
 * texts a browser may need. Texts only the server writes (e-mails, notifications, the legal
 * pages, the admin's Books tab) stay out. The content pages outside this group send neither.
 */
export default async function InteractiveLayout({ children }: { children: ReactNode }) {
  const { mail: _mail, push: _push, legal: _legal, books: _books, ...browserTexts } = await getMessages();
  return <NextIntlClientProvider messages={browserTexts}>{children}</NextIntlClientProvider>;
}
