import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/ForgotPasswordForm";
import { PageTitle } from "@/components/ui/PageTitle";
import { pageAlternates } from "@/lib/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("forgotTitle"), alternates: await pageAlternates("/ForgotPasswordForm") };
}

export default function ForgotPasswordPage() {
  const t = useTranslations("auth");
  return (
    <>
      <PageTitle lead={t("forgotLead")}>{t("forgotTitle")}</PageTitle>
      <ForgotPasswordForm />
    </>
  );
}
