import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireViewer } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Quiz", robots: { index: false } };

export default async function Page() {
  await requireViewer();
  return (
    <>
      <PageTitle lead="The live, proctored quiz screen.">Quiz</PageTitle>
      <ComingNext>The proctored exam opens here once the exam capability lands.</ComingNext>
    </>
  );
}
