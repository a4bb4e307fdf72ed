import { useTranslations } from "next-intl";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { PrizeTierRow } from "@/lib/quizzes/schemas";

/** A tier's ranks and prize in the page's language: "1st prize", "Ranks 4 to 53"; "₹500", "₹100 each". */
export function usePrizeTierLabels() {
  const t = useTranslations("prizes");
  const ui = useTranslations("ui");
  return {
    rankLabel: (tier: PrizeTierRow) =>
      tier.rankFrom === tier.rankTo ? t("rankPrize", { rank: ui("ordinal", { rank: tier.rankFrom }) }) : t("ranksRange", { from: tier.rankFrom, to: tier.rankTo }),
    prizeLabel: (tier: PrizeTierRow) => {
      if (tier.kind !== "cash") return t("freePass");
      const amount = formatRupeesWithSymbol(tier.amountPaise);
      return tier.rankFrom === tier.rankTo ? amount : t("amountEach", { amount });
    },
  };
}

/** How many ranks win something in a table. */
export function winnerCount(tiers: readonly PrizeTierRow[]): number {
  return tiers.reduce((total, tier) => total + tier.rankTo - tier.rankFrom + 1, 0);
}

/** A quiz's prize table as a plain list: "1st prize: ₹500", "Ranks 4 to 53: a free pass to a later quiz". */
export function PrizeTierList({ tiers, label, className = "list-disc pl-5" }: { tiers: readonly PrizeTierRow[]; label?: string; className?: string }) {
  const { rankLabel, prizeLabel } = usePrizeTierLabels();
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
