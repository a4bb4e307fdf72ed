import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";
import { PageTitle } from "@/components/ui/PageTitle";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("resetTitle"), robots: { index: false } };
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const t = await getTranslations("auth");
  return (
    <>
      <PageTitle lead={t("resetLead")}>{t("resetTitle")}</PageTitle>
      <ResetPasswordForm token={typeof token === "string" ? token : ""} />
    </>
  );
}
