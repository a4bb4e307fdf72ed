import type { Metadata } from "next";
import { ContestModelNote } from "@/components/prizes/ContestModelNote";
import { PrizeTierList, prizeLabel, rankLabel, winnerCount } from "@/components/prizes/PrizeTierList";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { config } from "@/lib/config";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { listCompetitions } from "@/lib/quizzes";
import { defaultPrizeTable } from "@/lib/results";

export const metadata: Metadata = {
  title: "Prizes",
  description: `Prize money for every ${config.brand.name} competition, and how ties are shared.`,
  alternates: { canonical: "/prizelisting" },
};

/** Each upcoming or running quiz with its own prize table, then the default new quizzes start from. */
export default async function PrizeListingPage() {
  const actor = await currentActor();
  const [current, defaults] = await Promise.all([listCompetitions(actor, { unfinished: true }), defaultPrizeTable(actor)]);

  return (
    <>
      <PageTitle lead="Every competition has its own prize table. Highest score wins; faster submission breaks ties; full ties split the prize equally.">
        Prizes
      </PageTitle>
      {current.length === 0 ? (
        <p className="text-slate-700">No competitions are scheduled right now.</p>
      ) : (
        <div className="flex flex-col gap-6">
          {current.map((quiz) => (
            <section key={quiz.id} aria-labelledby={`prizes-${quiz.id}`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id={`prizes-${quiz.id}`} className="text-xl font-semibold text-slate-900">{quiz.title}</h2>
              <ContestModelNote model={quiz.contestModel} className="mt-1 font-medium text-brand" />
              <p className="mt-1 text-sm text-slate-700">
                {quiz.contestModel === "paid_certificates" ? "No prize money" : `Prize money ${formatRupeesWithSymbol(quiz.prizeMoneyPaise)}`}
                {quiz.prizes.length > 0 ? `, ${winnerCount(quiz.prizes)} winners` : ""}. Exam {formatIndiaDateTime(quiz.examStartAt)}.
              </p>
              {quiz.prizes.length > 0 ? (
                <ul aria-label={`Prizes of ${quiz.title}`} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  {quiz.prizes.map((tier) => (
                    <li key={tier.rankFrom} className="rounded-lg border border-slate-200 p-4 text-center">
                      <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{rankLabel(tier)}</h3>
                      <p className="mt-1 text-lg font-bold text-brand">{tier.kind === "cash" ? prizeLabel(tier) : "Next quiz free"}</p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-4 text-slate-700">
                  {quiz.contestModel === "paid_certificates"
                    ? "Every participant receives a certificate with their rank; scholarships are announced with the results."
                    : "The prize table for this quiz has not been announced yet."}
                </p>
              )}
            </section>
          ))}
        </div>
      )}
      {defaults.length > 0 && (
        <section aria-labelledby="default-prizes" className="mt-8 text-slate-700">
          <h2 id="default-prizes" className="text-lg font-semibold text-slate-900">The usual prize table</h2>
          <p className="mt-1 text-sm">A new competition starts from this table; each quiz&apos;s own table above is what it pays.</p>
          <PrizeTierList tiers={defaults} label="The usual prize table" className="mt-2 list-disc pl-5 text-sm" />
        </section>
      )}
    </>
  );
}
