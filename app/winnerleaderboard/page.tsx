import type { Metadata } from "next";
import { ContestModelNote } from "@/components/prizes/ContestModelNote";
import { ResultsDigest } from "@/components/results/ResultsDigest";
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
          <section aria-labelledby="how-ranks-work" className="max-w-3xl text-slate-700">
            <h2 id="how-ranks-work" className="text-lg font-semibold text-slate-900">How ranks are computed</h2>
            <p className="mt-1">
              Each attempt is scored on the server from its stored answers against the quiz’s final answer key, after every objection was decided.
              Highest score ranks first; on equal scores, the shorter time taken ranks higher; participants tied on both score and time share the
              rank and split the prizes of the places they cover equally. When results are published, the ranking and the final key are frozen and a
              SHA-256 digest of both is shown below, so anyone can recompute the ranking and check it was not changed afterwards.
            </p>
          </section>
          {quizzes.map((quiz) => (
            <section key={quiz.id} aria-labelledby={`winners-${quiz.id}`} className="flex flex-col gap-2">
              <h2 id={`winners-${quiz.id}`} className="text-xl font-semibold text-slate-900">{quiz.title}</h2>
              {quiz.publishedAt && <p className="text-sm text-slate-600">Results published on {formatIndiaDate(quiz.publishedAt)}</p>}
              <ContestModelNote model={quiz.contestModel} />
              <WinnersTable
                title={quiz.title}
                winners={quiz.winners}
                emptyText={quiz.contestModel === "paid_certificates" ? "No cash prizes in this quiz: every participant's certificate shows their rank." : undefined}
              />
              <ResultsDigest quizId={quiz.id} prizes={quiz.prizes} digest={quiz.digest} />
            </section>
          ))}
        </div>
      )}
    </>
  );
}
