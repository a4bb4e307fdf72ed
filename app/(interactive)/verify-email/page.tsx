import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { FormMessage } from "@/components/ui/form";
import { PageTitle } from "@/components/ui/PageTitle";
import { verifyEmail } from "@/lib/accounts";
import { currentActor, currentUser } from "@/lib/auth";
import { DomainError } from "@/lib/errors";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("verifyTitle"), robots: { index: false } };
}

/** Where the link mailed at sign-up leads: the link itself is the proof, no login needed. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const t = await getTranslations("auth");
  let message = t("emailVerified");
  let confirmed = true;
  try {
    await verifyEmail(await currentActor(), typeof token === "string" ? token : "");
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    message = t("verifyLinkInvalid");
    confirmed = false;
  }
  const next = (await currentUser()) ? { href: "/dashboard", label: t("goToDashboard") } : { href: "/login", label: t("logIn") };
  return (
    <>
      <PageTitle>{t("verifyTitle")}</PageTitle>
      <FormMessage tone={confirmed ? "success" : "error"}>{message}</FormMessage>
      <Link href={next.href} className="mt-4 inline-block font-semibold text-brand underline">{next.label}</Link>
    </>
  );
}
