import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DemoQuiz } from "@/components/demo/DemoQuiz";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { pageAlternates } from "@/lib/i18n";
import { loadDemoQuiz } from "@/lib/quizzes";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("demo");
  return { title: t("title"), description: t("description"), alternates: await pageAlternates("/demoquiz") };
}

export default async function DemoQuizPage() {
  const quiz = await loadDemoQuiz(await currentActor());
  const t = await getTranslations("demo");
  return (
    <>
      <PageTitle lead={t("lead")}>{t("heading")}</PageTitle>
      <noscript>
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">{t("needsJavaScript")}</p>
      </noscript>
      {quiz && quiz.questions.length > 0 ? (
        <DemoQuiz questions={quiz.questions} durationSeconds={quiz.durationSeconds} />
      ) : (
        <p className="text-slate-700">{t("unavailable")}</p>
      )}
    </>
  );
}
