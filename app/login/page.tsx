import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";

export const metadata: Metadata = { title: "Login or sign up", description: "Log in or create your account to join an olympiad." };

export default function LoginPage() {
  return (
    <>
      <PageTitle lead="Log in with your email and password, or create a new account to register for an olympiad.">Login</PageTitle>
      <ComingNext>Account sign-up and login, with email and password or Google, open on this page with the next release.</ComingNext>
    </>
  );
}
