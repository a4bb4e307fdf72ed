import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TermsAndConditions } from "@/components/legal/TermsAndConditions";
import { currentActor } from "@/lib/auth";
import { config } from "@/lib/config";
import { pageAlternates } from "@/lib/i18n";
import { contestModelsInUse } from "@/lib/quizzes";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("legal.terms");
  return { title: t("title"), description: t("description", { brand: config.brand.name }), alternates: await pageAlternates("/tnc") };
}

/** Rendered per request: the terms describe the contest models the competitions follow now. */
export default async function TermsPage() {
  return <TermsAndConditions modelsInUse={await contestModelsInUse(await currentActor())} />;
}
