import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TermsAndConditions } from "@/components/legal/TermsAndConditions";
import { config } from "@/lib/config";
import { pageAlternates } from "@/lib/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("legal.terms");
  return { title: t("title"), description: t("description", { brand: config.brand.name }), alternates: await pageAlternates("/tnc") };
}

export default function TermsPage() {
  return <TermsAndConditions />;
}
