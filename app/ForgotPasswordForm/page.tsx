import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/auth/ForgotPasswordForm";
import { PageTitle } from "@/components/ui/PageTitle";

export const metadata: Metadata = { title: "Forgot password", alternates: { canonical: "/ForgotPasswordForm" } };

export default function ForgotPasswordPage() {
  return (
    <>
      <PageTitle lead="Enter the email address of your account and we will send you a link to choose a new password.">Forgot password</PageTitle>
      <ForgotPasswordForm />
    </>
  );
}
