import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { MyPrize, PrizeClaimView } from "@/lib/payouts";
import { formatIndiaDate, formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { textIn } from "@/lib/quizzes/schemas";
import { PrizeClaimForm } from "./PrizeClaimForm";

const STATUS_KEY = { claimed: "statusClaimed", approved: "statusApproved", paid: "statusPaid" } as const;

/** One claim: its status, the prize it is for, the tax, what is received, where it is paid, when. */
function ClaimDetails({ claim, expected }: { claim: PrizeClaimView; expected: MyPrize["expected"] }) {
  const t = useTranslations("prizes");
  const language = useLocale();
  return (
    <dl className="grid max-w-lg grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
      <dt className="text-slate-600">{t("status")}</dt>
      <dd>{claim.heldAt ? t("statusHeld") : t(STATUS_KEY[claim.status])}</dd>
      <dt className="text-slate-600">{t("prize")}</dt>
      <dd>{formatRupeesWithSymbol(claim.grossPaise)}</dd>
      <dt className="text-slate-600">{claim.status === "paid" ? t("taxWithheld") : t("taxEstimated")}</dt>
      <dd>
        {t("taxDetail", { amount: formatRupeesWithSymbol(claim.taxPaise), rate: claim.taxRateBasisPoints / 100, section: claim.taxSection, basis: claim.taxBasis ?? expected.taxBasis })}
        {claim.status !== "paid" && <span className="block text-sm text-slate-600">{t("taxEstimateNote")}</span>}
      </dd>
      <dt className="text-slate-600">{t("youReceive")}</dt>
      <dd>{formatRupeesWithSymbol(claim.netPaise)}</dd>
      <dt className="text-slate-600">{t("pan")}</dt>
      <dd>{claim.panMasked}</dd>
      <dt className="text-slate-600">{t("paidTo")}</dt>
      <dd>{claim.method === "upi" ? t("upi") : t("bankAccount")} {claim.accountMasked}</dd>
      {claim.paidAt && (
        <>
          <dt className="text-slate-600">{t("paidOn")}</dt>
          <dd>{t("paidOnDetail", { date: formatIndiaDateTime(claim.paidAt, language), reference: claim.bankReference ?? "" })}</dd>
          {claim.financialYear && (
            <>
              <dt className="text-slate-600">{t("financialYear")}</dt>
              <dd>{claim.financialYear}</dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}

/** A winner's prize: what will be withheld and paid, then the claim form, or the claim's progress and statement. */
export function PrizeClaimPanel({ prize }: { prize: MyPrize }) {
  const t = useTranslations("prizes");
  const ui = useTranslations("ui");
  const language = useLocale();
  const { claims, expected } = prize;
  const openClaim = claims.find((claim) => claim.status !== "paid");
  const rank = ui("ordinal", { rank: prize.rank });
  const title = textIn(language, prize.title, prize.titleHi);
  const quiz = (chunks: ReactNode) => <span lang={title.lang}>{chunks}</span>;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-800">
        {prize.prizePaise > 0
          ? t.rich("placeWithPrize", { title: title.text, rank, amount: formatRupeesWithSymbol(prize.prizePaise), quiz })
          : t.rich("place", { title: title.text, rank, quiz })}
      </p>
      {prize.freePass && prize.open && !prize.disqualified && (
        <section aria-labelledby="free-pass" className="flex flex-col gap-2">
          <h2 id="free-pass" className="text-lg font-semibold">{t("freePassTitle")}</h2>
          {prize.freePassRedeemedAt ? (
            <p className="text-slate-700">{t("redeemedOn", { date: formatIndiaDateTime(prize.freePassRedeemedAt, language) })}</p>
          ) : (
            <>
              <p className="text-slate-700">{t("freePassExplained")}</p>
              <Link href="/dashboard" className="font-semibold text-brand underline">{t("useFreePass")}</Link>
            </>
          )}
        </section>
      )}
      {prize.prizePaise > 0 && (
        <section aria-labelledby="cash-prize" className="flex flex-col gap-3">
          <h2 id="cash-prize" className="text-lg font-semibold">{t("cashPrize")}</h2>
          {claims.map((claim) => (
            <ClaimDetails key={claim.id} claim={claim} expected={expected} />
          ))}
          {openClaim || prize.claimablePaise <= 0 ? null : prize.disqualified ? (
            <p className="text-slate-700">{t("disqualified")}</p>
          ) : !prize.open ? (
            <p className="text-slate-700">{t("claimEnded", { date: formatIndiaDate(prize.deadline, language) })}</p>
          ) : !prize.configured ? (
            <p role="status" className="text-slate-700">{t("notOpen")}</p>
          ) : (
            <>
              {prize.paidPaise > 0 && (
                <p className="text-slate-700">
                  {t("claimDifference", { prize: formatRupeesWithSymbol(prize.prizePaise), paid: formatRupeesWithSymbol(prize.paidPaise), amount: formatRupeesWithSymbol(prize.claimablePaise) })}
                </p>
              )}
              <p className="text-slate-700">
                {t("claimBy", {
                  date: formatIndiaDate(prize.deadline, language),
                  tax: formatRupeesWithSymbol(expected.taxPaise),
                  rate: expected.taxRateBasisPoints / 100,
                  section: expected.taxSection,
                  basis: expected.taxBasis,
                  net: formatRupeesWithSymbol(expected.netPaise),
                })}
              </p>
              <PrizeClaimForm quizId={prize.quizId} />
            </>
          )}
          {claims.some((claim) => claim.status === "paid") && (
            <a href={`/api/prizes/${prize.quizId}/statement`} className="font-semibold text-brand underline" download>
              {t("downloadStatement")}
            </a>
          )}
        </section>
      )}
    </div>
  );
}
