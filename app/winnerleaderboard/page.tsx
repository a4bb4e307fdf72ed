import type { Metadata } from "next";
import { PageTitle } from "@/components/ui/PageTitle";
import { config } from "@/lib/config";

export const metadata: Metadata = {
  title: "Winners",
  description: `Published winners of ${config.brand.name} competitions.`,
  alternates: { canonical: "/winnerleaderboard" },
};

export default function WinnerLeaderboardPage() {
  return (
    <>
      <PageTitle lead="Winners appear here once an admin publishes a competition's official results.">Winners</PageTitle>
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">No results have been published yet.</p>
    </>
  );
}
