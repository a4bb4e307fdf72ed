import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <>
      <PageTitle lead="Enter the email address of your account and we will send you a link to choose a new password.">Forgot password</PageTitle>
      <ComingNext>Password reset by email opens here together with accounts.</ComingNext>
    </>
  );
}
