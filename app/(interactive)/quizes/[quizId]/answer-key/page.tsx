import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AnswerKeyView } from "@/components/exam/AnswerKeyView";
import { ExamNotice } from "@/components/exam/ExamNotice";
import { PageTitle } from "@/components/ui/PageTitle";
import { requirePermission } from "@/lib/auth";
import { DomainError } from "@/lib/errors";
import { pageMessage } from "@/lib/i18n";
import { myAnswerKey } from "@/lib/results";
import { quizParams, textIn } from "@/lib/quizzes/schemas";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("exam");
  return { title: t("answerKey.title"), robots: { index: false } };
}

/** The participant's own answers against the quiz's provisional key, with objections while the window is open. */
export default async function AnswerKeyPage({ params }: { params: Promise<{ quizId: string }> }) {
  const user = await requirePermission("results.viewOwn");
  const parsed = quizParams.safeParse(await params);
  if (!parsed.success) notFound();
  const view = await myAnswerKey(user, parsed.data.quizId).catch((error: unknown) => {
    // Not published yet, or not taken by this participant: say so rather than a bare 404.
    if (error instanceof DomainError && error.status < 500) return pageMessage(error);
    throw error;
  });
  const [t, language] = await Promise.all([getTranslations("exam"), getLocale()]);
  if (typeof view === "string") {
    return (
      <>
        <PageTitle>{t("answerKey.title")}</PageTitle>
        <ExamNotice message={view} action={{ href: "/dashboard", label: t("backToDashboard") }} />
      </>
    );
  }
  const title = textIn(language, view.title, view.titleHi);
  return (
    <>
      <PageTitle lead={<span lang={title.lang}>{title.text}</span>}>{t("answerKey.title")}</PageTitle>
      <AnswerKeyView view={view} />
    </>
  );
}
