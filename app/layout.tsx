import type { Metadata, Viewport } from "next";
import Script from "next/script";
import { GeistSans } from "geist/font/sans";
import { getLocale } from "next-intl/server";
import type { CSSProperties, ReactNode } from "react";
import { BackToTop } from "@/components/shell/BackToTop";
import { Footer } from "@/components/shell/Footer";
import { Navbar } from "@/components/shell/Navbar";
import { StartLoader } from "@/components/shell/StartLoader";
import { ServiceWorker } from "@/components/pwa/ServiceWorker";
import { shellTexts } from "@/components/shell/shellTexts";
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
  const [language, texts] = await Promise.all([getLocale(), shellTexts(brand.name)]);
  const brandColours = {
    "--brand-primary": brand.primaryColor,
    "--brand-accent": brand.accentColor,
  } as CSSProperties;

  return (
    <html lang={intlLocale(language)} className={GeistSans.variable} style={brandColours}>
      <body className="flex min-h-screen flex-col font-sans">
        {/* No translator in the browser here: the shell gets its words as props, and only the
            pages with forms and live parts (app/(interactive)) send one with their texts. */}
        <StartLoader label={texts.loading} />
        <Navbar
          brandName={brand.name}
          viewer={user ? { name: user.name, isAdmin: can(user, "admin.panel") } : null}
          socialLinks={config.socialLinks}
          texts={texts}
        />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
          {children}
        </main>
        <Footer brandName={brand.name} tagline={brand.tagline} />
        <BackToTop label={texts.backToTop} />
        <ServiceWorker enabled={config.environment === "production"} />
        {/* Only when configured: without it the site makes no third-party request at all. */}
        {config.liveChatScriptUrl && <Script src={config.liveChatScriptUrl} strategy="lazyOnload" />}
      </body>
    </html>
  );
}
