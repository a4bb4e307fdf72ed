import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireViewer } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Profile details", robots: { index: false } };

export default async function Page() {
  await requireViewer();
  return (
    <>
      <PageTitle lead="Your personal details, address, profile picture and transaction history.">Profile details</PageTitle>
      <ComingNext>Viewing and editing your profile opens here together with accounts.</ComingNext>
    </>
  );
}
