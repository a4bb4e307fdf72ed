import type { Metadata } from "next";
import Link from "next/link";
import { ContestModelNote } from "@/components/prizes/ContestModelNote";
import { PrizeTierList } from "@/components/prizes/PrizeTierList";
import { PageTitle } from "@/components/ui/PageTitle";
import { currentActor } from "@/lib/auth";
import { config } from "@/lib/config";
import { formatIndiaDateTime, formatMinutes } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import { listCompetitions } from "@/lib/quizzes";

export const metadata: Metadata = {
  title: "Quiz list",
  description: `Upcoming and open ${config.brand.name} competitions: dates, entry fee and prize money.`,
  alternates: { canonical: "/quizeslist" },
};

export default async function QuizListPage() {
  const quizzes = await listCompetitions(await currentActor());
  return (
    <>
      <PageTitle lead="Register before the form closes (paying the entry fee where there is one), and take the quiz on exam day.">Quiz list</PageTitle>
      {quizzes.length === 0 ? (
        <p className="text-slate-700">No competitions are scheduled right now. Try the demo quiz meanwhile.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {quizzes.map((quiz) => (
            <li key={quiz.id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-xl font-semibold">{quiz.title}</h2>
              <ContestModelNote model={quiz.contestModel} className="mt-1 text-sm font-medium text-brand" />
              <p className="mt-2 text-slate-700">{quiz.description}</p>
              <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
                <dt className="text-slate-600">Entry fee</dt>
                <dd>{quiz.contestModel === "free_entry" || quiz.entryFeePaise === 0 ? "Free" : formatRupeesWithSymbol(quiz.entryFeePaise)}</dd>
                <dt className="text-slate-600">Prize money</dt>
                <dd>{quiz.contestModel === "paid_certificates" ? "Certificates and scholarships" : formatRupeesWithSymbol(quiz.prizeMoneyPaise)}</dd>
                <dt className="text-slate-600">Questions</dt>
                <dd>{quiz.questionCount} in {formatMinutes(quiz.durationSeconds)}</dd>
                <dt className="text-slate-600">Registration closes</dt>
                <dd>{formatIndiaDateTime(quiz.formEndAt)}</dd>
                <dt className="text-slate-600">Exam</dt>
                <dd>{formatIndiaDateTime(quiz.examStartAt)}</dd>
                <dt className="text-slate-600">Result</dt>
                <dd>{formatIndiaDateTime(quiz.resultAt)}</dd>
              </dl>
              <PrizeTierList tiers={quiz.prizes} label={`Prizes of ${quiz.title}`} className="mt-4 list-disc pl-5 text-sm text-slate-700" />
              <Link href="/login" className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-white">
                Register Olympiad
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
