import { useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import type { ExamView } from "@/lib/exam";
import { formatDuration } from "@/lib/format";

export type ExamResult = NonNullable<ExamView["submitted"]>;
/** Right after the exam ends: why, in the server's words when the server ended it (time up), else "submitted". */
export type ExamSummary = { serverMessage?: string };

function AnswerKeyLink({ quizId }: { quizId: string }) {
  const t = useTranslations("exam.result");
  return (
    <p className="text-slate-800">
      {t.rich("answerKeyOut", {
        link: (chunks) => (
          <Link href={`/quizes/${quizId}/answer-key`} className="font-semibold text-brand underline">
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}

/**
 * After the exam. Right after submitting: the summary. On a later visit: the thank-you with
 * the final score (SPEC §2). The score is the server's; the browser never computes one. While the
 * quiz's exam window is open the server sends none (SPEC §10, scores after the window): "Submitted",
 * and the score once the window has closed.
 */
export function SubmittedView({ quizId, result, summary }: { quizId: string; result: ExamResult; summary?: ExamSummary }) {
  const t = useTranslations("exam");
  const score = result.score === null ? null : t("result.outOf", { score: result.score, total: result.totalMarks });
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  // Right after submitting, the question had focus and is gone: the summary takes it, its score read out with it.
  useEffect(() => summaryHeading.current?.focus(), []);
  if (!summary) {
    return (
      <section aria-labelledby="thank-you" className="flex flex-col items-start gap-3">
        <h1 id="thank-you" className="text-3xl font-bold text-slate-900">{t("result.thankYou")}</h1>
        <p className="text-slate-800">
          {score === null ? t("result.submittedNoScore") : t.rich("result.finalScore", { score, strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        <p className="text-slate-800">{t("result.waitForResult")}</p>
        {result.answerKeyPublished && <AnswerKeyLink quizId={quizId} />}
        <Link href="/" className={primaryButtonClass}>{t("result.goHome")}</Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="summary" className="flex flex-col items-start gap-4">
      <h1 id="summary" ref={summaryHeading} tabIndex={-1} aria-describedby="summary-score" className="text-3xl font-bold text-slate-900 focus:outline-none">
        {t("result.summary")}
      </h1>
      {/* The score is said with the news, not only listed below it where a screen reader would have to look. */}
      <FormMessage tone="success">
        {summary.serverMessage ?? t("live.submitted")} {score === null ? t("rules.scoreAfterWindow") : t("result.scoreSaid", { score })}
      </FormMessage>
      <dl id="summary-score" className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-800">
        <dt className="font-semibold">{t("result.score")}</dt>
        <dd>{score ?? t("result.scoreAfterWindow")}</dd>
        <dt className="font-semibold">{t("result.timeTaken")}</dt>
        <dd className="tabular-nums">{formatDuration(result.timeTakenSeconds)}</dd>
      </dl>
      <Link href="/" className={primaryButtonClass}>{t("result.goHome")}</Link>
    </section>
  );
}
