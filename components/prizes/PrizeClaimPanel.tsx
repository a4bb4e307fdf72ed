import type { MyPrize } from "@/lib/payouts";
import { formatIndiaDate, formatIndiaDateTime, ordinal } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { FreePassButton } from "./FreePassButton";
import { PrizeClaimForm } from "./PrizeClaimForm";

const STATUS_TEXT = {
  claimed: "Received: the organisers will check and approve it.",
  approved: "Approved: the payment is on its way.",
  paid: "Paid.",
} as const;

/** A winner's prize: what will be withheld and paid, then the claim form, or the claim's progress and statement. */
export function PrizeClaimPanel({ prize, entryFeeText }: { prize: MyPrize; entryFeeText: string }) {
  const { claim, expected } = prize;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-800">
        {prize.title}: {ordinal(prize.rank)} place
        {prize.prizePaise > 0 && <>, prize {formatRupeesWithSymbol(prize.prizePaise)}</>}.
      </p>
      {prize.freePass && prize.open && !prize.disqualified && (
        <section aria-labelledby="free-pass" className="flex flex-col gap-2">
          <h2 id="free-pass" className="text-lg font-semibold">Your free pass</h2>
          {prize.freePassRedeemedAt ? (
            <p className="text-slate-700">Redeemed on {formatIndiaDateTime(prize.freePassRedeemedAt)}: one entry fee is in your wallet.</p>
          ) : (
            <>
              <p className="text-slate-700">Your free pass becomes one entry fee in your wallet, once, to pay for the quiz you choose.</p>
              <FreePassButton quizId={prize.quizId} feeText={entryFeeText} />
            </>
          )}
        </section>
      )}
      {prize.prizePaise > 0 && (
        <section aria-labelledby="cash-prize" className="flex flex-col gap-3">
          <h2 id="cash-prize" className="text-lg font-semibold">Cash prize</h2>
          {claim ? (
            <dl className="grid max-w-lg grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
              <dt className="text-slate-600">Status</dt>
              <dd>{STATUS_TEXT[claim.status]}</dd>
              <dt className="text-slate-600">Prize</dt>
              <dd>{formatRupeesWithSymbol(claim.grossPaise)}</dd>
              <dt className="text-slate-600">Tax withheld</dt>
              <dd>{formatRupeesWithSymbol(claim.taxPaise)} ({claim.taxRateBasisPoints / 100} %, section {claim.taxSection})</dd>
              <dt className="text-slate-600">You receive</dt>
              <dd>{formatRupeesWithSymbol(claim.netPaise)}</dd>
              <dt className="text-slate-600">PAN</dt>
              <dd>{claim.panMasked}</dd>
              <dt className="text-slate-600">Paid to</dt>
              <dd>{claim.method === "upi" ? "UPI" : "Bank account"} {claim.accountMasked}</dd>
              {claim.paidAt && (
                <>
                  <dt className="text-slate-600">Paid on</dt>
                  <dd>{formatIndiaDateTime(claim.paidAt)}, reference {claim.bankReference}</dd>
                </>
              )}
            </dl>
          ) : prize.disqualified ? (
            <p className="text-slate-700">A disqualified attempt cannot claim a prize.</p>
          ) : !prize.open ? (
            <p className="text-slate-700">The claim period ended on {formatIndiaDate(prize.deadline)}.</p>
          ) : !prize.configured ? (
            <p role="status" className="text-slate-700">Prize claims are not open yet. Please come back later.</p>
          ) : (
            <>
              <p className="text-slate-700">
                Claim by {formatIndiaDate(prize.deadline)}. Tax of {formatRupeesWithSymbol(expected.taxPaise)} ({expected.taxRateBasisPoints / 100} %, section{" "}
                {expected.taxSection}) is withheld; you receive {formatRupeesWithSymbol(expected.netPaise)}. Prizes are paid to winners aged 18 or over.
              </p>
              <PrizeClaimForm quizId={prize.quizId} />
            </>
          )}
          {claim?.status === "paid" && (
            <a href={`/api/prizes/${prize.quizId}/statement`} className="font-semibold text-brand underline" download>
              Download payout statement (PDF)
            </a>
          )}
        </section>
      )}
    </div>
  );
}
