import Link from "next/link";
import { useEffect, useRef } from "react";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import type { ExamView } from "@/lib/exam";
import { formatDuration } from "@/lib/format";

export type ExamResult = NonNullable<ExamView["submitted"]>;

/**
 * After the exam. Right after submitting: the summary. On a later visit: the thank-you with
 * the final score (SPEC §2). The score is the server's; the browser never computes one.
 */
function AnswerKeyLink({ quizId }: { quizId: string }) {
  return (
    <p className="text-slate-800">
      The provisional answer key is out:{" "}
      <Link href={`/quizes/${quizId}/answer-key`} className="font-semibold text-brand underline">see your answers against the key</Link>.
    </p>
  );
}

export function SubmittedView({ quizId, result, notice }: { quizId: string; result: ExamResult; notice?: string }) {
  const score = `${result.score} out of ${result.totalMarks}`;
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  // Right after submitting, the question had focus and is gone: the summary takes it, its score read out with it.
  useEffect(() => summaryHeading.current?.focus(), []);
  if (!notice) {
    return (
      <section aria-labelledby="thank-you" className="flex flex-col items-start gap-3">
        <h1 id="thank-you" className="text-3xl font-bold text-slate-900">Thank You!</h1>
        <p className="text-slate-800">You have submitted this quiz. Your final score: <strong>{score}</strong>.</p>
        <p className="text-slate-800">Please wait for official result.</p>
        {result.answerKeyPublished && <AnswerKeyLink quizId={quizId} />}
        <Link href="/" className={primaryButtonClass}>Go Home</Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="summary" className="flex flex-col items-start gap-4">
      <h1 id="summary" ref={summaryHeading} tabIndex={-1} aria-describedby="summary-score" className="text-3xl font-bold text-slate-900 focus:outline-none">
        Quiz summary
      </h1>
      <FormMessage tone="success">{notice}</FormMessage>
      <dl id="summary-score" className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
        <dt className="font-semibold">Score:</dt>
        <dd>{score}</dd>
        <dt className="font-semibold">Time taken:</dt>
        <dd className="tabular-nums">{formatDuration(result.timeTakenSeconds)}</dd>
      </dl>
      <Link href="/" className={primaryButtonClass}>Go Home</Link>
    </section>
  );
}
