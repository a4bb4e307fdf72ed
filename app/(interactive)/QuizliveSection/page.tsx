import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { loadExamAccess } from "@/app/_exam/load-exam-access";
import { ExamRefusalNotice } from "@/components/exam/ExamRefusalNotice";
import { ExamRoom } from "@/components/exam/ExamRoom";
import { PageTitle } from "@/components/ui/PageTitle";
import { nextRecordingSequence, resumeExam } from "@/lib/exam";
import { quizPaper } from "@/lib/quizzes";
import { quizTextsIn } from "@/lib/quizzes/schemas";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("exam");
  return { title: t("quiz"), robots: { index: false } };
}

export default async function QuizLivePage({ searchParams }: { searchParams: Promise<{ quizId?: string | string[] }> }) {
  const { quizId } = await searchParams;
  const { user, quiz, access } = await loadExamAccess(quizId);
  const { title } = quizTextsIn(await getLocale(), quiz);

  if (!access.allowed && !access.attempt?.submittedAt) {
    const t = await getTranslations("exam");
    return (
      <>
        <PageTitle>
          <span lang={title.lang}>{title.text}</span>
        </PageTitle>
        <ExamRefusalNotice refusal={access.refusal} action={{ href: "/dashboard", label: t("backToDashboard") }} />
      </>
    );
  }

  // An attempt in progress resumes: same questions, answers and time left, and its recording
  // continues after the last chunk the server holds instead of overwriting it.
  // The header's language switch renders this again mid-exam, the attempt now started: ExamRoom
  // reads these props only when it mounts, so the running exam carries on untouched.
  const [view, paper] = await Promise.all([access.attempt ? resumeExam(user, quiz.id) : null, quizPaper(user, quiz.id)]);
  const firstChunkSequence = view && !view.submitted ? await nextRecordingSequence(user, quiz.id) : 0;

  return (
    <ExamRoom
      quizId={quiz.id}
      participantId={user.id}
      quiz={{ title, questionCount: quiz.questionCount, durationSeconds: quiz.durationSeconds, marksPerQuestion: quiz.marksPerQuestion, wrongAnswerMarks: quiz.wrongAnswerMarks }}
      paper={paper}
      initialView={view}
      firstChunkSequence={firstChunkSequence}
    />
  );
}
