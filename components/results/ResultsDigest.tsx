import { useTranslations } from "next-intl";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { PrizeTier } from "@/lib/results";

/**
 * The prizes and the digest a quiz's results were frozen with, and the public results file the
 * digest covers (none for results published before such files existed): what anyone can check.
 */
export function ResultsDigest({ quizId, prizes, digest, resultsFile }: { quizId: string; prizes: PrizeTier[]; digest: string; resultsFile: boolean }) {
  const t = useTranslations("results");
  const ui = useTranslations("ui");
  const rankRange = (tier: PrizeTier) =>
    tier.rankFrom === tier.rankTo
      ? ui("ordinal", { rank: tier.rankFrom })
      : t("rankRange", { from: ui("ordinal", { rank: tier.rankFrom }), to: ui("ordinal", { rank: tier.rankTo }) });
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      {prizes.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">{t("prizesOfThisQuiz")}</h3>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label={t("prizesOfThisQuiz")}>
            {prizes.map((tier) => (
              <li key={tier.rankFrom}>
                {rankRange(tier)}: {tier.kind === "cash" ? formatRupeesWithSymbol(tier.amountPaise) : t("nextQuizFreeInList")}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p>
        {t("digest")}{" "}
        <code className="rounded bg-slate-100 px-1 break-all text-slate-900" data-testid={`digest-${quizId}`}>{digest}</code>
      </p>
      {resultsFile && (
        <p>
          <a href={`/api/quizzes/${quizId}/results-file?digest=${digest}`} download className="font-semibold text-brand underline">
            {t("downloadFile")}
          </a>
        </p>
      )}
    </div>
  );
}
