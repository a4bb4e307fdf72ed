import type { Metadata, Viewport } from "next";
import Script from "next/script";
import { getLocale, getTranslations } from "next-intl/server";
import type { CSSProperties, ReactNode } from "react";
import { BackToTop } from "@/components/shell/BackToTop";
import { Footer } from "@/components/shell/Footer";
import { Navbar } from "@/components/shell/Navbar";
import { StartLoader } from "@/components/shell/StartLoader";
import { ServiceWorker } from "@/components/pwa/ServiceWorker";
import { brandTagline, shellTexts } from "@/components/shell/shellTexts";
import { devanagariFont } from "@/components/shell/devanagariFont";
import { latinFont } from "@/components/shell/latinFont";
import { config } from "@/lib/config";
import { can, currentUser } from "@/lib/auth";
import { intlLocale } from "@/lib/i18n/schemas";
import "./globals.css";

const { brand } = config;

// Every page shows who is logged in, and many read the database: render per request, never at build.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const [home, tagline] = await Promise.all([getTranslations("home"), brandTagline()]);
  return {
    metadataBase: new URL(config.appUrl),
    title: { default: `${brand.name} — ${tagline}`, template: `%s | ${brand.name}` },
    description: home("description", { brand: brand.name, tagline }),
    applicationName: brand.name,
    icons: { icon: "/icon.svg", apple: "/icons/icon-192.png" },
  };
}

export const viewport: Viewport = { themeColor: brand.primaryColor, width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  const [language, texts] = await Promise.all([getLocale(), shellTexts(brand.name)]);
  const brandColours = {
    "--brand-primary": brand.primaryColor,
    "--brand-accent": brand.accentColor,
  } as CSSProperties;

  return (
    <html lang={intlLocale(language)} className={`${latinFont.variable} ${devanagariFont.variable}`} style={brandColours}>
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
        <Footer brandName={brand.name} tagline={texts.tagline} />
        <BackToTop label={texts.backToTop} />
        <ServiceWorker enabled={config.environment === "production"} />
        {/* Only when configured: without it the site makes no third-party request at all. */}
        {config.liveChatScriptUrl && <Script src={config.liveChatScriptUrl} strategy="lazyOnload" />}
      </body>
    </html>
  );
}
