import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";

export const metadata: Metadata = { title: "Reset password" };

export default function ResetPasswordPage() {
  return (
    <>
      <PageTitle lead="Choose a new password for your account using the link from your email.">Reset password</PageTitle>
      <ComingNext>Password reset by email opens here together with accounts.</ComingNext>
    </>
  );
}
