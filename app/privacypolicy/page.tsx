import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PrivacyPolicy } from "@/components/legal/PrivacyPolicy";
import { config } from "@/lib/config";
import { pageAlternates } from "@/lib/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("legal.privacy");
  return { title: t("title"), description: t("description", { brand: config.brand.name }), alternates: await pageAlternates("/privacypolicy") };
}

export default function PrivacyPolicyPage() {
  return <PrivacyPolicy />;
}
