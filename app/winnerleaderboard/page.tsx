import type { Metadata } from "next";
import { WinnersTable } from "@/components/results/WinnersTable";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { config } from "@/lib/config";
import { publishedWinners } from "@/lib/results";
import { formatIndiaDate } from "@/lib/format";

export const metadata: Metadata = {
  title: "Winners",
  description: `Published winners of ${config.brand.name} competitions.`,
  alternates: { canonical: "/winnerleaderboard" },
};

export default async function WinnerLeaderboardPage() {
  const quizzes = await publishedWinners(await currentActor());

  return (
    <>
      <PageTitle lead="Winners appear here once an admin publishes a competition's official results.">Winners</PageTitle>
      {quizzes.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">No results have been published yet.</p>
      ) : (
        <div className="flex flex-col gap-8">
          <p className="max-w-2xl text-slate-700">
            Highest score wins and a faster submission ranks higher. Participants tied on both score and time share the rank and split its prizes equally.
          </p>
          {quizzes.map((quiz) => (
            <section key={quiz.id} aria-labelledby={`winners-${quiz.id}`} className="flex flex-col gap-2">
              <h2 id={`winners-${quiz.id}`} className="text-xl font-semibold text-slate-900">{quiz.title}</h2>
              {quiz.publishedAt && <p className="text-sm text-slate-600">Results published on {formatIndiaDate(quiz.publishedAt)}</p>}
              <WinnersTable title={quiz.title} winners={quiz.winners} />
            </section>
          ))}
        </div>
      )}
    </>
  );
}
