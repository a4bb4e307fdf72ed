import type { Metadata, Viewport } from "next";
import Script from "next/script";
import { GeistSans } from "geist/font/sans";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { CSSProperties, ReactNode } from "react";
import { BackToTop } from "@/components/shell/BackToTop";
import { Footer } from "@/components/shell/Footer";
import { Navbar } from "@/components/shell/Navbar";
import { StartLoader } from "@/components/shell/StartLoader";
import { ServiceWorker } from "@/components/pwa/ServiceWorker";
import { config } from "@/lib/config";
import { can, currentUser } from "@/lib/auth";
import { intlLocale } from "@/lib/i18n/schemas";
import "./globals.css";

const { brand } = config;

// Every page shows who is logged in, and many read the database: render per request, never at build.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  metadataBase: new URL(config.appUrl),
  title: { default: `${brand.name} — ${brand.tagline}`, template: `%s | ${brand.name}` },
  description: `${brand.name}: online olympiad quizzes for students and general participants. ${brand.tagline}.`,
  applicationName: brand.name,
  icons: { icon: "/icon.svg", apple: "/icons/icon-192.png" },
};

export const viewport: Viewport = { themeColor: brand.primaryColor, width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  const language = await getLocale();
  // Texts only the server writes (e-mails, notifications, the legal pages, the admin's Books tab) stay out of every page's payload.
  const { mail: _mail, push: _push, legal: _legal, books: _books, ...browserTexts } = await getMessages();
  const brandColours = {
    "--brand-primary": brand.primaryColor,
    "--brand-accent": brand.accentColor,
  } as CSSProperties;

  return (
    <html lang={intlLocale(language)} className={GeistSans.variable} style={brandColours}>
      <body className="flex min-h-screen flex-col font-sans">
        <NextIntlClientProvider messages={browserTexts}>
          <StartLoader brandName={brand.name} />
          <Navbar
            brandName={brand.name}
            viewer={user ? { name: user.name, isAdmin: can(user, "admin.panel") } : null}
            socialLinks={config.socialLinks}
          />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
            {children}
          </main>
          <Footer brandName={brand.name} tagline={brand.tagline} />
          <BackToTop />
          <ServiceWorker enabled={config.environment === "production"} />
          {/* Only when configured: without it the site makes no third-party request at all. */}
          {config.liveChatScriptUrl && <Script src={config.liveChatScriptUrl} strategy="lazyOnload" />}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
