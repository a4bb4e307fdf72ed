import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppealView } from "@/components/exam/AppealView";
import { ExamNotice } from "@/components/exam/ExamNotice";
import { PageTitle } from "@/components/ui/PageTitle";
import { requirePermission } from "@/lib/auth";
import { DomainError } from "@/lib/errors";
import { pageMessage } from "@/lib/i18n";
import { myDisqualification } from "@/lib/exam";
import { quizParams } from "@/lib/exam/schemas";

export const metadata: Metadata = { title: "Disqualification and appeal", robots: { index: false } };

/** The participant's disqualification for a quiz, its reason, and their one appeal. */
export default async function AppealPage({ params }: { params: Promise<{ quizId: string }> }) {
  const user = await requirePermission("results.appeal");
  const parsed = quizParams.safeParse(await params);
  if (!parsed.success) notFound();
  const view = await myDisqualification(user, parsed.data.quizId).catch((error: unknown) => {
    if (error instanceof DomainError && error.status < 500) return pageMessage(error);
    throw error;
  });
  if (typeof view === "string") {
    return (
      <>
        <PageTitle>Disqualification and appeal</PageTitle>
        <ExamNotice message={view} action={{ href: "/dashboard", label: "Back to dashboard" }} />
      </>
    );
  }
  return (
    <>
      <PageTitle lead={view.title}>Disqualification and appeal</PageTitle>
      <AppealView view={view} />
    </>
  );
}
