import Link from "next/link";
import { PosterCarousel } from "@/components/home/PosterCarousel";
import { Tabs } from "@/components/ui/Tabs";
import { config } from "@/lib/config";
import { ContestModelNote, contestModelText } from "@/components/prizes/ContestModelNote";
import { PrizeTierList } from "@/components/prizes/PrizeTierList";
import { formatIndiaDateTime, formatIndiaDayAndTime, formatMinutes, formatShortIndiaDate } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { DashboardQuiz } from "@/lib/quizzes";
import { EnrollAction } from "./EnrollAction";
import type { PaymentDetails } from "./PaymentModal";

const DASHBOARD_CAROUSEL_MS = 6000;

/** Each card shows its own quiz's prize table, never the default's amounts for a smaller quiz. */
export function QuizCard({ quiz, payment, now }: { quiz: DashboardQuiz; payment: PaymentDetails; now: Date }) {
  const titleId = `quiz-${quiz.id}-title`;
  const fee = formatRupeesWithSymbol(quiz.entryFeePaise);
  const free = quiz.action.kind === "register-free" || quiz.contestModel === "free_entry" || quiz.entryFeePaise === 0;
  const certificatesOnly = quiz.contestModel === "paid_certificates";
  const modelText = contestModelText(quiz.contestModel);

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {quiz.posterUrls.length > 0 && (
        <PosterCarousel
          intervalMs={DASHBOARD_CAROUSEL_MS}
          posters={quiz.posterUrls.map((src, index) => ({ src, alt: `${quiz.title} poster ${index + 1} of ${quiz.posterUrls.length}` }))}
        />
      )}
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">{quiz.title}</h2>
      <ContestModelNote model={quiz.contestModel} />
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        {quiz.seatsLeft !== null && <p>Seats left: <span className="font-semibold text-slate-900">{quiz.seatsLeft}</span></p>}
        <p>Enroll last date: <span className="font-semibold text-slate-900">{formatShortIndiaDate(quiz.formEndAt)}</span></p>
        <p>Result date: <span className="font-semibold text-slate-900">{formatShortIndiaDate(quiz.resultAt)}</span></p>
      </div>
      <Tabs
        label={`About ${quiz.title}`}
        tabs={[
          {
            label: "Information",
            content: (
              <>
                <p>{quiz.description}</p>
                <p className="mt-2">
                  Entry fee: {free ? "free" : fee}.{" "}
                  {certificatesOnly ? "Certificates and scholarships; no cash prizes." : <>Prize money: {formatRupeesWithSymbol(quiz.prizeMoneyPaise)}.</>}
                </p>
                <PrizeTierList tiers={quiz.prizes} label={`Prizes of ${quiz.title}`} className="mt-2 list-disc pl-5" />
              </>
            ),
          },
          {
            label: "Steps to Participate",
            content: (
              <ol className="list-decimal space-y-1 pl-5">
                {free ? (
                  <li>Agree to the terms and press Register free: no payment is needed.</li>
                ) : (
                  <>
                    <li>Pay the entry fee of {fee} by UPI and upload the payment screenshot, or pay from your wallet.</li>
                    <li>Wait for verification: payments are verified within 10 minutes.</li>
                  </>
                )}
                <li>
                  On exam day ({formatIndiaDateTime(quiz.examStartAt)}), start the quiz: {quiz.questionCount} questions in{" "}
                  {formatMinutes(quiz.durationSeconds)}.
                </li>
              </ol>
            ),
          },
          {
            label: "T&C",
            content: (
              <>
                <ul className="list-disc space-y-1 pl-5">
                  <li>You must be {config.competition.minimumAge} or older to take part.</li>
                  {free ? <li>{modelText}</li> : <li>The entry fee is non-refundable once your payment is verified.</li>}
                  <li>The highest score wins.</li>
                  <li>Between equal scores, the faster submission ranks higher.</li>
                  {certificatesOnly ? <li>No cash prizes: ranks earn certificates and scholarships.</li> : <li>Full ties, with the same score and time, split the prize equally.</li>}
                </ul>
                <Link href="/tnc" className="mt-2 inline-block font-semibold text-brand underline">Read the full Terms and Conditions</Link>
              </>
            ),
          },
        ]}
      />
      <div className="mt-auto">
        <EnrollAction
          quiz={{ id: quiz.id, title: quiz.title, entryFeePaise: quiz.entryFeePaise }}
          action={quiz.action}
          dates={{ registrationOpens: formatShortIndiaDate(quiz.formStartAt), examOpens: formatIndiaDayAndTime(quiz.examStartAt), decidedAt: now }}
          payment={payment}
        />
      </div>
    </article>
  );
}
