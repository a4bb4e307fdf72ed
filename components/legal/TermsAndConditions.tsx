import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";
import { formatRupees } from "@/lib/money";
import { useContestModelText } from "@/components/prizes/ContestModelNote";
import type { ContestModel } from "@/lib/quizzes/schemas";

const { brand, competition, legal } = config;

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/**
 * The terms describe the contest models the site's competitions actually follow (`modelsInUse`,
 * lib/quizzes contestModelsInUse), and claim no compliance: where paid entry with cash prizes is in
 * use they say so, name the Act and the admin's confirmation, and ask the reader to check.
 */
export function TermsAndConditions({ modelsInUse }: { modelsInUse: readonly ContestModel[] }) {
  const t = useTranslations("legal.terms");
  const modelText = useContestModelText();
  const uses = (model: ContestModel) => modelsInUse.includes(model);
  const cashPrizes = uses("paid_cash") ? "inUse" : "notInUse";
  return (
    <article className="prose-article max-w-3xl">
      <PageTitle>{t("title")}</PageTitle>
      <p>{t("intro", { brand: brand.name, entity: legal.entityName })}</p>
      <h2>{t("eligibility.heading")}</h2>
      <p>{t("eligibility.text", { age: competition.minimumAge })}</p>
      <h2>{t("models.heading")}</h2>
      {modelsInUse.length === 0 ? (
        <p>{t("models.none")}</p>
      ) : (
        <>
          <p>{t("models.intro")}</p>
          <ul>
            {uses("free_entry") && <li>{t.rich("models.freeEntry", { strong, modelText: modelText("free_entry") })}</li>}
            {uses("paid_certificates") && <li>{t.rich("models.paidCertificates", { strong, modelText: modelText("paid_certificates") })}</li>}
            {uses("paid_cash") && <li>{t.rich("models.paidCash", { strong, modelText: modelText("paid_cash") })}</li>}
          </ul>
        </>
      )}
      <p>{t("models.cashPrizes", { cashPrizes, entity: legal.entityName })}</p>
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
