import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ContestModelNote } from "@/components/prizes/ContestModelNote";
import { PrizeTierList } from "@/components/prizes/PrizeTierList";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { config } from "@/lib/config";
import { formatIndiaDateTime } from "@/lib/format";
import { pageAlternates } from "@/lib/i18n";
import { formatRupeesWithSymbol } from "@/lib/money";
import { listCompetitions } from "@/lib/quizzes";
import { quizTextsIn } from "@/lib/quizzes/schemas";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("quizList");
  return { title: t("title"), description: t("description", { brand: config.brand.name }), alternates: await pageAlternates("/quizeslist") };
}

export default async function QuizListPage() {
  const quizzes = await listCompetitions(await currentActor());
  const [t, prizes, home, language] = await Promise.all([getTranslations("quizList"), getTranslations("prizes"), getTranslations("home"), getLocale()]);
  return (
    <>
      <PageTitle lead={t("lead")}>{t("title")}</PageTitle>
      {quizzes.length === 0 ? (
        <p className="text-slate-700">{t("none")}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {quizzes.map((quiz) => ({ quiz, ...quizTextsIn(language, quiz) })).map(({ quiz, title, description }) => (
            <li key={quiz.id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 lang={title.lang} className="text-xl font-semibold">{title.text}</h2>
              <ContestModelNote model={quiz.contestModel} className="mt-1 text-sm font-medium text-brand" />
              <p lang={description.lang} className="mt-2 text-slate-700">{description.text}</p>
              <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
                <dt className="text-slate-600">{t("entryFee")}</dt>
                <dd>{quiz.contestModel === "free_entry" || quiz.entryFeePaise === 0 ? t("free") : formatRupeesWithSymbol(quiz.entryFeePaise)}</dd>
                <dt className="text-slate-600">{t("prizeMoney")}</dt>
                <dd>{quiz.contestModel === "paid_certificates" ? t("certificatesAndScholarships") : formatRupeesWithSymbol(quiz.prizeMoneyPaise)}</dd>
                <dt className="text-slate-600">{t("questions")}</dt>
                <dd>{t("questionsIn", { count: quiz.questionCount, minutes: Math.round(quiz.durationSeconds / 60) })}</dd>
                <dt className="text-slate-600">{t("registrationCloses")}</dt>
                <dd>{formatIndiaDateTime(quiz.formEndAt, language)}</dd>
                <dt className="text-slate-600">{t("exam")}</dt>
                <dd>{formatIndiaDateTime(quiz.examStartAt, language)}</dd>
                <dt className="text-slate-600">{t("result")}</dt>
                <dd>{formatIndiaDateTime(quiz.resultAt, language)}</dd>
              </dl>
              <PrizeTierList tiers={quiz.prizes} label={prizes("prizesOf", { title: title.text })} className="mt-4 list-disc pl-5 text-sm text-slate-700" />
              <Link prefetch={false} href="/login" className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-white">
                {home("registerOlympiad")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
