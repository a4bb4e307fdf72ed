import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { AppealView } from "@/components/exam/AppealView";
import { ExamNotice } from "@/components/exam/ExamNotice";
import { PageTitle } from "@/components/ui/PageTitle";
import { requirePermission } from "@/lib/auth";
import { DomainError } from "@/lib/errors";
import { pageMessage } from "@/lib/i18n";
import { myDisqualification } from "@/lib/review";
import { quizParams, textIn } from "@/lib/quizzes/schemas";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("exam");
  return { title: t("appeal.title"), robots: { index: false } };
}

/** The participant's disqualification for a quiz, its reason, and their one appeal. */
export default async function AppealPage({ params }: { params: Promise<{ quizId: string }> }) {
  const user = await requirePermission("results.appeal");
  const parsed = quizParams.safeParse(await params);
  if (!parsed.success) notFound();
  const view = await myDisqualification(user, parsed.data.quizId).catch((error: unknown) => {
    if (error instanceof DomainError && error.status < 500) return pageMessage(error);
    throw error;
  });
  const [t, language] = await Promise.all([getTranslations("exam"), getLocale()]);
  if (typeof view === "string") {
    return (
      <>
        <PageTitle>{t("appeal.title")}</PageTitle>
        <ExamNotice message={view} action={{ href: "/dashboard", label: t("backToDashboard") }} />
      </>
    );
  }
  const title = textIn(language, view.title, view.titleHi);
  return (
    <>
      <PageTitle lead={<span lang={title.lang}>{title.text}</span>}>{t("appeal.title")}</PageTitle>
      <AppealView view={view} />
    </>
  );
}
