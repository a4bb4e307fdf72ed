import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/LoginForm";
import { currentUser, landingPath } from "@/lib/auth";
import { config } from "@/lib/config";
import { pageAlternates } from "@/lib/i18n";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth");
  return { title: t("loginTitle"), description: t("loginDescription", { brand: config.brand.name }), alternates: await pageAlternates("/login") };
}

/** /login, and /login/referral/{code} which opens sign-up with the code filled in. */
export default async function LoginPage({ params }: { params: Promise<{ referral?: string[] }> }) {
  const segments = (await params).referral ?? [];
  const isReferral = segments.length === 2 && segments[0] === "referral" && /^[A-Za-z0-9]{4,32}$/.test(segments[1]);
  if (segments.length > 0 && !isReferral) notFound();

  const user = await currentUser();
  if (user) redirect(landingPath(user));

  return <LoginForm referralCode={isReferral ? segments[1].toUpperCase() : undefined} googleClientId={config.google?.clientId} minimumAge={config.competition.minimumAge} />;
}
