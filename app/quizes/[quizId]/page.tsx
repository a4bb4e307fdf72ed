import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { loadExamAccess } from "@/app/_exam/load-exam-access";
import { ExamRefusalNotice } from "@/components/exam/ExamRefusalNotice";
import { ExamRules } from "@/components/exam/ExamRules";
import { primaryButtonClass } from "@/components/ui/form";
import { PageTitle } from "@/components/ui/PageTitle";
import { quizPaper } from "@/lib/quizzes";
import { quizTextsIn } from "@/lib/quizzes/schemas";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("exam");
  return { title: t("instructions"), robots: { index: false } };
}

export default async function QuizInstructionsPage({ params }: { params: Promise<{ quizId: string }> }) {
  const { quizId } = await params;
  const { user, quiz, access } = await loadExamAccess(quizId);
  const [t, paper, language] = await Promise.all([getTranslations("exam"), quizPaper(user, quiz.id), getLocale()]);
  const { title } = quizTextsIn(language, quiz);
  const liveSection = `/QuizliveSection?quizId=${quiz.id}`;

  return (
    <>
      <PageTitle lead={<span lang={title.lang}>{title.text}</span>}>{t("instructions")}</PageTitle>
      <ExamRules quiz={quiz} paper={paper} />
      {access.allowed ? (
        // A full page load, not a client-side one: the exam page's own Permissions-Policy (camera,
        // microphone, screen capture) applies only to a document loaded at its address.
        <a href={liveSection} className={`${primaryButtonClass} mt-6 inline-block`}>
          {t("next")}
        </a>
      ) : (
        <ExamRefusalNotice
          refusal={access.refusal}
          action={access.attempt?.submittedAt ? { href: liveSection, label: t("seeYourResult") } : { href: "/dashboard", label: t("backToDashboard") }}
        />
      )}
    </>
  );
}
