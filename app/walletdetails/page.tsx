import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireViewer } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Wallet", robots: { index: false } };

export default async function Page() {
  await requireViewer();
  return (
    <>
      <PageTitle lead="Your balance, top-ups, withdrawals and referral rewards.">Wallet</PageTitle>
      <ComingNext>The wallet opens here together with payments.</ComingNext>
    </>
  );
}
