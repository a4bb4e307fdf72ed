import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { PrizeClaimPanel } from "@/components/prizes/PrizeClaimPanel";
import { PageTitle } from "@/components/ui/PageTitle";
import { requirePermission } from "@/lib/auth";
import { NotFound } from "@/lib/errors";
import { myPrize } from "@/lib/payouts";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("prizes");
  return { title: t("claimTitle"), robots: { index: false } };
}

export default async function PrizeClaimPage({ params }: { params: Promise<{ quizId: string }> }) {
  const user = await requirePermission("prizes.claim");
  const { quizId } = await params;
  if (!z.uuid().safeParse(quizId).success) notFound();
  const prize = await myPrize(user, quizId).catch((error: unknown) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const t = await getTranslations("prizes");
  return (
    <>
      <PageTitle lead={t("claimLead")}>{t("claimTitle")}</PageTitle>
      <PrizeClaimPanel prize={prize} />
    </>
  );
}
