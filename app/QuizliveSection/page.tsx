import type { Metadata } from "next";
import { loadExamAccess } from "@/app/_exam/load-exam-access";
import { ExamNotice } from "@/components/exam/ExamNotice";
import { ExamRoom } from "@/components/exam/ExamRoom";
import { PageTitle } from "@/components/ui/PageTitle";
import { nextRecordingSequence, resumeExam } from "@/lib/exam";

export const metadata: Metadata = { title: "Quiz", robots: { index: false } };

export default async function QuizLivePage({ searchParams }: { searchParams: Promise<{ quizId?: string | string[] }> }) {
  const { quizId } = await searchParams;
  const { user, quiz, access, refusal } = await loadExamAccess(quizId);

  if (!access.allowed && !access.attempt?.submittedAt) {
    return (
      <>
        <PageTitle>{quiz.title}</PageTitle>
        <ExamNotice message={refusal ?? ""} action={{ href: "/dashboard", label: "Back to dashboard" }} />
      </>
    );
  }

  // An attempt in progress resumes: same questions, answers and time left, and its recording
  // continues after the last chunk the server holds instead of overwriting it.
  const view = access.attempt ? await resumeExam(user, quiz.id) : null;
  const firstChunkSequence = view && !view.submitted ? await nextRecordingSequence(user, quiz.id) : 0;

  return (
    <ExamRoom
      quizId={quiz.id}
      participantId={user.id}
      quiz={{ title: quiz.title, questionCount: quiz.questionCount, durationSeconds: quiz.durationSeconds, marksPerQuestion: quiz.marksPerQuestion }}
      initialView={view}
      firstChunkSequence={firstChunkSequence}
    />
  );
}
