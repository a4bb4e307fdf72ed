import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireViewer } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Dashboard", robots: { index: false } };

export default async function Page() {
  await requireViewer();
  return (
    <>
      <PageTitle lead="Your competitions, your payment status and your results.">Dashboard</PageTitle>
      <ComingNext>Competition cards with registration and payment open here once payments are live.</ComingNext>
    </>
  );
}
