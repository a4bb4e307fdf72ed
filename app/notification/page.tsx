import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireViewer } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Notification", robots: { index: false } };

export default async function Page() {
  await requireViewer();
  return (
    <>
      <PageTitle lead="Messages from the organisers about registrations, exams and results.">Notification</PageTitle>
      <ComingNext>Your notifications will be listed here, newest first.</ComingNext>
    </>
  );
}
