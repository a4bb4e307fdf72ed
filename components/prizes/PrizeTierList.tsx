import { ordinal } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { PrizeTierRow } from "@/lib/quizzes/schemas";

export function rankLabel(tier: PrizeTierRow): string {
  return tier.rankFrom === tier.rankTo ? `${ordinal(tier.rankFrom)} prize` : `Ranks ${tier.rankFrom} to ${tier.rankTo}`;
}

export function prizeLabel(tier: PrizeTierRow): string {
  if (tier.kind !== "cash") return "a free pass to a later quiz";
  return tier.rankFrom === tier.rankTo ? formatRupeesWithSymbol(tier.amountPaise) : `${formatRupeesWithSymbol(tier.amountPaise)} each`;
}

/** How many ranks win something in a table. */
export function winnerCount(tiers: readonly PrizeTierRow[]): number {
  return tiers.reduce((total, tier) => total + tier.rankTo - tier.rankFrom + 1, 0);
}

/** A quiz's prize table as a plain list: "1st prize: ₹500", "Ranks 4 to 53: a free pass to a later quiz". */
export function PrizeTierList({ tiers, label, className = "list-disc pl-5" }: { tiers: readonly PrizeTierRow[]; label?: string; className?: string }) {
  if (tiers.length === 0) return null;
  return (
    <ul aria-label={label} className={className}>
      {tiers.map((tier) => (
        <li key={tier.rankFrom}>
          {rankLabel(tier)}: {prizeLabel(tier)}
        </li>
      ))}
    </ul>
  );
}
