import { useLocale, useTranslations } from "next-intl";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { listCompetitions } from "@/lib/quizzes";
import { textIn } from "@/lib/quizzes/schemas";
import { ContestModelNote } from "./ContestModelNote";
import { usePrizeTierLabels, winnerCount } from "./PrizeTierList";

type Competition = Awaited<ReturnType<typeof listCompetitions>>[number];

/** An upcoming or running quiz's prize money and its own prize table, as /prizelisting shows it. */
export function CompetitionPrizes({ quiz }: { quiz: Competition }) {
  const t = useTranslations("prizes");
  const language = useLocale();
  const { rankLabel, prizeLabel } = usePrizeTierLabels();
  const title = textIn(language, quiz.title, quiz.titleHi);
  return (
    <section aria-labelledby={`prizes-${quiz.id}`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`prizes-${quiz.id}`} lang={title.lang} className="text-xl font-semibold text-slate-900">{title.text}</h2>
      <ContestModelNote model={quiz.contestModel} className="mt-1 font-medium text-brand" />
      <p className="mt-1 text-sm text-slate-700">
        {t("summary", {
          prizeMoney: quiz.contestModel === "paid_certificates" ? t("noPrizeMoney") : t("prizeMoney", { amount: formatRupeesWithSymbol(quiz.prizeMoneyPaise) }),
          winners: quiz.prizes.length > 0 ? t("winners", { count: winnerCount(quiz.prizes) }) : "",
          date: formatIndiaDateTime(quiz.examStartAt, language),
        })}
      </p>
      {quiz.prizes.length > 0 ? (
        <ul aria-label={t("prizesOf", { title: title.text })} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {quiz.prizes.map((tier) => (
            <li key={tier.rankFrom} className="rounded-lg border border-slate-200 p-4 text-center">
              <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{rankLabel(tier)}</h3>
              <p className="mt-1 text-lg font-bold text-brand">{tier.kind === "cash" ? prizeLabel(tier) : t("nextQuizFree")}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-slate-700">{quiz.contestModel === "paid_certificates" ? t("certificatesForAll") : t("notAnnounced")}</p>
      )}
    </section>
  );
}
