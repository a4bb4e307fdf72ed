import type { Metadata } from "next";
import Link from "next/link";
import { FormMessage } from "@/components/ui/form";
import { PageTitle } from "@/components/ui/PageTitle";
import { verifyEmail } from "@/lib/accounts";
import { currentActor, currentUser } from "@/lib/auth";
import { DomainError } from "@/lib/errors";
import { EMAIL_VERIFIED, VERIFY_LINK_INVALID } from "@/lib/messages";

export const metadata: Metadata = { title: "Confirm your email", robots: { index: false } };

/** Where the link mailed at sign-up leads: the link itself is the proof, no login needed. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  let message = EMAIL_VERIFIED;
  let confirmed = true;
  try {
    await verifyEmail(await currentActor(), typeof token === "string" ? token : "");
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    message = VERIFY_LINK_INVALID;
    confirmed = false;
  }
  const next = (await currentUser()) ? { href: "/dashboard", label: "Go to your dashboard" } : { href: "/login", label: "Log in" };
  return (
    <>
      <PageTitle>Confirm your email</PageTitle>
      <FormMessage tone={confirmed ? "success" : "error"}>{message}</FormMessage>
      <Link href={next.href} className="mt-4 inline-block font-semibold text-brand underline">{next.label}</Link>
    </>
  );
}
