import type { Metadata } from "next";
import { loadExamAccess } from "@/app/_exam/load-exam-access";
import { ExamNotice } from "@/components/exam/ExamNotice";
import { ExamRules } from "@/components/exam/ExamRules";
import { primaryButtonClass } from "@/components/ui/form";
import { PageTitle } from "@/components/ui/PageTitle";

export const metadata: Metadata = { title: "Instructions", robots: { index: false } };

export default async function QuizInstructionsPage({ params }: { params: Promise<{ quizId: string }> }) {
  const { quizId } = await params;
  const { quiz, access, refusal } = await loadExamAccess(quizId);
  const liveSection = `/QuizliveSection?quizId=${quiz.id}`;

  return (
    <>
      <PageTitle lead={quiz.title}>Instructions</PageTitle>
      <ExamRules quiz={quiz} />
      {access.allowed ? (
        // A full page load, not a client-side one: the exam page's own Permissions-Policy (camera,
        // microphone, screen capture) applies only to a document loaded at its address.
        <a href={liveSection} className={`${primaryButtonClass} mt-6 inline-block`}>
          Next
        </a>
      ) : (
        <ExamNotice
          message={refusal ?? ""}
          action={access.attempt?.submittedAt ? { href: liveSection, label: "See your result" } : { href: "/dashboard", label: "Back to dashboard" }}
        />
      )}
    </>
  );
}
