import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireViewer } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Instructions", robots: { index: false } };

export default async function QuizInstructionsPage() {
  await requireViewer();
  return (
    <>
      <PageTitle lead="25 questions, 30 minutes, 1 mark each, no negative marking. Once started, there is no return.">Instructions</PageTitle>
      <ComingNext>Starting the exam opens here once the exam capability lands.</ComingNext>
    </>
  );
}
