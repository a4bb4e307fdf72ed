import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { z } from "zod";
import { PrizeClaimPanel } from "@/components/prizes/PrizeClaimPanel";
import { PageTitle } from "@/components/ui/PageTitle";
import { requirePermission } from "@/lib/auth";
import { config } from "@/lib/config";
import { NotFound } from "@/lib/errors";
import { formatRupeesWithSymbol } from "@/lib/money";
import { myPrize } from "@/lib/payouts";

export const metadata: Metadata = { title: "Claim your prize", robots: { index: false } };

export default async function PrizeClaimPage({ params }: { params: Promise<{ quizId: string }> }) {
  const user = await requirePermission("prizes.claim");
  const { quizId } = await params;
  if (!z.uuid().safeParse(quizId).success) notFound();
  const prize = await myPrize(user, quizId).catch((error: unknown) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  return (
    <>
      <PageTitle lead="Congratulations! Tell us where to send your prize.">Claim your prize</PageTitle>
      <PrizeClaimPanel prize={prize} entryFeeText={formatRupeesWithSymbol(config.competition.entryFeePaise)} />
    </>
  );
}
