import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";
import { formatRupees } from "@/lib/money";
import type { ContestModel } from "@/lib/quizzes/schemas";

const { brand, competition, legal, contest } = config;

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export function TermsAndConditions() {
  const t = useTranslations("legal.terms");
  // An operator's own line (CONTEST_*_TEXT) is shown as written; the app's own is translated.
  const modelText = (model: ContestModel) => contest.customTexts[model] ?? t(`models.lines.${model}`, { sponsor: contest.sponsorName });
  const cashPrizes = contest.cashPrizesAllowed ? "allowed" : "forbidden";
  return (
    <article className="prose-article max-w-3xl">
      <PageTitle>{t("title")}</PageTitle>
      <p>{t("intro", { brand: brand.name, entity: legal.entityName })}</p>
      <h2>{t("eligibility.heading")}</h2>
      <p>{t("eligibility.text", { age: competition.minimumAge })}</p>
      <h2>{t("models.heading")}</h2>
      <p>{t("models.intro")}</p>
      <ul>
        <li>{t.rich("models.freeEntry", { strong, modelText: modelText("free_entry") })}</li>
        <li>{t.rich("models.paidCertificates", { strong, modelText: modelText("paid_certificates") })}</li>
        {contest.cashPrizesAllowed && <li>{t.rich("models.paidCash", { strong, modelText: modelText("paid_cash") })}</li>}
      </ul>
      <p>{t("models.law", { cashPrizes })}</p>
      <h2>{t("fee.heading")}</h2>
      <p>{t("fee.text", { fee: formatRupees(competition.entryFeePaise) })}</p>
      <h2>{t("fairPlay.heading")}</h2>
      <ul>
        <li>{t("fairPlay.once")}</li>
        <li>{t("fairPlay.proctoring")}</li>
        <li>{t("fairPlay.violations")}</li>
      </ul>
      <h2>{t("ranking.heading")}</h2>
      <ul>
        <li>{t("ranking.highestScore")}</li>
        <li>{t("ranking.fasterSubmission")}</li>
        <li>{t("ranking.fullTies")}</li>
        <li>{t("ranking.prizes", { cashPrizes })}</li>
      </ul>
      <p>{t("ranking.claim", { days: competition.prizeClaimDays })}</p>
      <h2>{t("disputes.heading")}</h2>
      <p>{t("disputes.text", { jurisdiction: legal.jurisdiction })}</p>
    </article>
  );
}
