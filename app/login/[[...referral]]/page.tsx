import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/LoginForm";
import { currentUser, landingPath } from "@/lib/auth";
import { config } from "@/lib/config";

export const metadata: Metadata = {
  title: "Login or sign up",
  description: `Log in or create your ${config.brand.name} account to register for an olympiad.`,
  alternates: { canonical: "/login" },
};

/** /login, and /login/referral/{code} which opens sign-up with the code filled in. */
export default async function LoginPage({ params }: { params: Promise<{ referral?: string[] }> }) {
  const segments = (await params).referral ?? [];
  const isReferral = segments.length === 2 && segments[0] === "referral" && /^[A-Za-z0-9]{4,32}$/.test(segments[1]);
  if (segments.length > 0 && !isReferral) notFound();

  const user = await currentUser();
  if (user) redirect(landingPath(user));

  return <LoginForm referralCode={isReferral ? segments[1].toUpperCase() : undefined} googleClientId={config.google?.clientId} minimumAge={config.competition.minimumAge} />;
}
