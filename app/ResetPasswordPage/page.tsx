import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";
import { PageTitle } from "@/components/ui/PageTitle";

export const metadata: Metadata = { title: "Reset password", robots: { index: false } };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <>
      <PageTitle lead="Choose a new password for your account.">Reset password</PageTitle>
      <ResetPasswordForm token={typeof token === "string" ? token : ""} />
    </>
  );
}
