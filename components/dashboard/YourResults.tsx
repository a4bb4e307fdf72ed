import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { formatMinutesSeconds } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { textIn } from "@/lib/quizzes/schemas";
import type { Comparison, myPublishedRanks } from "@/lib/results";

type PublishedRank = Awaited<ReturnType<typeof myPublishedRanks>>[number];

type Translate = ReturnType<typeof useTranslations<"dashboard.results">>;

function prize(t: Translate, result: PublishedRank): string {
  if (result.prizePaise > 0) return t("prize", { amount: formatRupeesWithSymbol(result.prizePaise) });
  return result.freePass ? t("freePass") : "";
}

function ahead(t: Translate, other: Comparison, result: PublishedRank): string {
  return other.decidedBy === "score"
    ? t("aheadByScore", { rank: other.rank, score: other.score, yours: result.score })
    : t("aheadByTime", { rank: other.rank, score: result.score, time: formatMinutesSeconds(other.timeTakenSeconds) });
}

function behind(t: Translate, other: Comparison): string {
  return other.decidedBy === "score"
    ? t("behindByScore", { rank: other.rank, score: other.score })
    : t("behindByTime", { rank: other.rank, time: formatMinutesSeconds(other.timeTakenSeconds) });
}

/** The claim link: the prize to claim, the difference a revision added to a prize paid, or the paid prize's claim page. */
function claimLink(t: Translate, result: PublishedRank): string {
  if (result.prizePaidPaise === 0) return t("claimPrize");
  const due = result.prizePaise - result.prizePaidPaise;
  return due > 0 ? t("claimPrizeDifference", { amount: formatRupeesWithSymbol(due) }) : t("prizePaid");
}

/** Which rule placed the participant against the rows just above and below theirs. */
function placementSentences(t: Translate, result: PublishedRank): string[] {
  const { tiedWith, above, below } = result.placement;
  return [
    tiedWith > 0 ? t("tied", { count: tiedWith, rank: result.rank }) : null,
    above ? ahead(t, above, result) : t("noneAhead"),
    below ? behind(t, below) : null,
  ].filter((sentence): sentence is string => sentence !== null);
}

/** The participant's frozen result in each quiz whose results have been published. */
export function YourResults({ results }: { results: PublishedRank[] }) {
  const t = useTranslations("dashboard.results");
  const language = useLocale();
  return (
    <section aria-labelledby="your-results" className="mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="your-results" className="text-xl font-semibold text-slate-900">{t("heading")}</h2>
      <ul className="mt-2 flex flex-col gap-3 text-slate-800">
        {results.map((result) => {
          const title = textIn(language, result.title, result.titleHi);
          return (
            <li key={result.quizId} id={`result-${result.quizId}`}>
              <p>
                {t.rich("rank", { title: title.text, rank: result.rank, of: result.of, score: result.score, quiz: (chunks) => <span lang={title.lang}>{chunks}</span> })}
                {prize(t, result)}
                {(result.prizePaise > 0 || result.freePass) && <> · <Link href={`/prizes/claim/${result.quizId}`} className="font-semibold text-brand underline">{claimLink(t, result)}</Link></>}
              </p>
              <p className="text-sm text-slate-700">
                {t("timeTaken", { time: formatMinutesSeconds(result.timeTakenSeconds) })} {placementSentences(t, result).join(" ")}
              </p>
              {result.pseudonym && (
                <p className="text-sm text-slate-700">
                  {t.rich("pseudonym", { pseudonym: result.pseudonym, code: (chunks) => <code data-testid={`pseudonym-${result.quizId}`}>{chunks}</code> })}{" "}
                  <a href={`/api/quizzes/${result.quizId}/results-file?digest=${result.digest}`} download className="font-semibold text-brand underline">
                    {t("downloadResultsFile")}
                  </a>
                </p>
              )}
              <details className="text-sm text-slate-700">
                <summary className="cursor-pointer font-medium text-brand">{t("howRanksAreComputed")}</summary>
                <p className="mt-1">
                  {t.rich("howRanksText", { digest: result.digest, code: (chunks) => <code className="break-all">{chunks}</code> })}
                </p>
              </details>
              <a href={`/api/certificates/${result.quizId}`} download className="text-sm font-semibold text-brand underline">
                {t("downloadCertificate")}
              </a>
            </li>
          );
        })}
      </ul>
      <Link href="/winnerleaderboard" className="mt-3 inline-block font-semibold text-brand underline">{t("seeAllWinners")}</Link>
    </section>
  );
}
