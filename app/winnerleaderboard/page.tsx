import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ContestModelNote } from "@/components/prizes/ContestModelNote";
import { ResultsDigest } from "@/components/results/ResultsDigest";
import { SupersededVersions } from "@/components/results/SupersededVersions";
import { WinnersTable } from "@/components/results/WinnersTable";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { config } from "@/lib/config";
import { publishedWinners } from "@/lib/results";
import { formatIndiaDate } from "@/lib/format";
import { pageAlternates } from "@/lib/i18n";
import { textIn } from "@/lib/quizzes/schemas";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("results");
  return { title: t("title"), description: t("description", { brand: config.brand.name }), alternates: await pageAlternates("/winnerleaderboard") };
}

export default async function WinnerLeaderboardPage() {
  const quizzes = await publishedWinners(await currentActor());
  const [t, language] = await Promise.all([getTranslations("results"), getLocale()]);

  return (
    <>
      <PageTitle lead={t("lead")}>{t("title")}</PageTitle>
      {quizzes.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("noneYet")}</p>
      ) : (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="how-ranks-work" className="max-w-3xl text-slate-700">
            <h2 id="how-ranks-work" className="text-lg font-semibold text-slate-900">{t("howRanksWork")}</h2>
            <p className="mt-1">{t("howRanksWorkText")}</p>
            <p className="mt-2">{t("revisionsText")}</p>
          </section>
          <section aria-labelledby="check-yourself" className="max-w-3xl text-slate-700">
            <h2 id="check-yourself" className="text-lg font-semibold text-slate-900">{t("checkYourself")}</h2>
            <p className="mt-1">
              {t.rich("checkYourselfText", { brand: config.brand.name, code: (command) => <code lang="en" className="break-all rounded bg-slate-100 px-1">{command}</code> })}
            </p>
          </section>
          {quizzes.map((quiz) => ({ quiz, title: textIn(language, quiz.title, quiz.titleHi) })).map(({ quiz, title }) => (
            <section key={quiz.id} aria-labelledby={`winners-${quiz.id}`} className="flex flex-col gap-2">
              <h2 id={`winners-${quiz.id}`} lang={title.lang} className="text-xl font-semibold text-slate-900">{title.text}</h2>
              <p className="text-sm text-slate-600" data-testid={`version-${quiz.id}`}>
                {quiz.revision > 1
                  ? t("revisedOn", { revision: quiz.revision, date: formatIndiaDate(quiz.publishedAt, language) })
                  : t("publishedOn", { date: formatIndiaDate(quiz.publishedAt, language) })}
              </p>
              {quiz.reason && <p className="text-sm text-slate-800">{t("revisionReason", { reason: quiz.reason })}</p>}
              <ContestModelNote model={quiz.contestModel} />
              {quiz.contestModel === "paid_certificates" && <p className="text-sm text-slate-700">{t("noCashPrizes")}</p>}
              <WinnersTable title={title.text} winners={quiz.winners} participants={quiz.participants} prizes={quiz.prizes} />
              <ResultsDigest quizId={quiz.id} prizes={quiz.prizes} digest={quiz.digest} resultsFile={quiz.resultsFile} />
              <SupersededVersions quizId={quiz.id} versions={quiz.superseded} language={language} />
            </section>
          ))}
        </div>
      )}
    </>
  );
}
