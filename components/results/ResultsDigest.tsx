import { formatRupeesWithSymbol } from "@/lib/money";
import { ordinal } from "@/lib/format";
import type { PrizeTier } from "@/lib/results";

function rankRange(tier: PrizeTier): string {
  return tier.rankFrom === tier.rankTo ? ordinal(tier.rankFrom) : `${ordinal(tier.rankFrom)} to ${ordinal(tier.rankTo)}`;
}

/** The prizes and the digest a quiz's results were frozen with: what anyone can check them against. */
export function ResultsDigest({ quizId, prizes, digest }: { quizId: string; prizes: PrizeTier[]; digest: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      {prizes.length > 0 && (
        <div>
          <h3 className="font-semibold text-slate-900">Prizes of this quiz</h3>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label="Prizes of this quiz">
            {prizes.map((tier) => (
              <li key={tier.rankFrom}>
                {rankRange(tier)}: {tier.kind === "cash" ? formatRupeesWithSymbol(tier.amountPaise) : "next quiz free"}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p>
        Results digest (SHA-256):{" "}
        <code className="rounded bg-slate-100 px-1 break-all text-slate-900" data-testid={`digest-${quizId}`}>{digest}</code>
      </p>
    </div>
  );
}
