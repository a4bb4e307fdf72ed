import type { Metadata } from "next";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { config } from "@/lib/config";
import { formatRupeesWithSymbol } from "@/lib/money";
import { ordinal } from "@/lib/format";
import { defaultPrizeTable } from "@/lib/results";

export const metadata: Metadata = {
  title: "Prizes",
  description: `Prize money for every ${config.brand.name} competition, and how ties are shared.`,
  alternates: { canonical: "/prizelisting" },
};

function rankLabel(rankFrom: number, rankTo: number) {
  return rankFrom === rankTo ? `${ordinal(rankFrom)} prize` : `Ranks ${rankFrom} to ${rankTo}`;
}

export default async function PrizeListingPage() {
  const tiers = await defaultPrizeTable(await currentActor());
  const winners = tiers.reduce((total, tier) => total + tier.rankTo - tier.rankFrom + 1, 0);

  return (
    <>
      <PageTitle lead={`${winners} winners in every competition. Highest score wins; faster submission breaks ties; full ties split the prize equally.`}>
        Prizes
      </PageTitle>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiers.map((tier) => (
          <li key={tier.rankFrom} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{rankLabel(tier.rankFrom, tier.rankTo)}</h2>
            <p className="mt-2 text-2xl font-bold text-brand">
              {tier.kind === "cash" ? formatRupeesWithSymbol(tier.amountPaise) : "Next quiz free"}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
