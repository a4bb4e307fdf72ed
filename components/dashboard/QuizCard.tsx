import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PosterCarousel } from "@/components/home/PosterCarousel";
import { postersWithWords } from "@/components/home/posterWords";
import { taglineIn } from "@/components/shell/shellTexts";
import { Tabs } from "@/components/ui/Tabs";
import { config } from "@/lib/config";
import { ContestModelNote, useContestModelText } from "@/components/prizes/ContestModelNote";
import { PrizeTierList } from "@/components/prizes/PrizeTierList";
import { formatIndiaDateTime, formatIndiaDayAndTime, formatShortIndiaDate } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { Language } from "@/lib/i18n/schemas";
import type { DashboardQuiz } from "@/lib/quizzes";
import { quizTextsIn } from "@/lib/quizzes/schemas";
import { EnrollAction } from "./EnrollAction";
import type { PaymentDetails } from "./PaymentModal";

const DASHBOARD_CAROUSEL_MS = 6000;

/** The card's title, which names the card and describes the skip link that opens it (QuizCardList). */
export function quizCardTitleId(quizId: string): string {
  return `quiz-${quizId}-title`;
}

/** Each card shows its own quiz's prize table, never the default's amounts for a smaller quiz. */
export function QuizCard({ quiz, payment, now }: { quiz: DashboardQuiz; payment: PaymentDetails; now: Date }) {
  const t = useTranslations("dashboard.card");
  const home = useTranslations("home");
  const shell = useTranslations("shell");
  const language = useLocale() as Language;
  const value = (chunks: ReactNode) => <span className="font-semibold text-slate-900">{chunks}</span>;
  const titleId = quizCardTitleId(quiz.id);
  const { title, description } = quizTextsIn(language, quiz);
  const fee = formatRupeesWithSymbol(quiz.entryFeePaise);
  const free = quiz.action.kind === "register-free" || quiz.contestModel === "free_entry" || quiz.entryFeePaise === 0;
  const certificatesOnly = quiz.contestModel === "paid_certificates";
  const modelText = useContestModelText()(quiz.contestModel);
  // The marking is not on the card: the poster leaves it unsaid rather than promise "no negative marking".
  const posters = postersWithWords(home, quiz.posterUrls, {
    brand: config.brand.name,
    tagline: taglineIn(language, shell("tagline")),
    minimumAge: config.competition.minimumAge,
    questions: quiz.questionCount,
    minutes: Math.round(quiz.durationSeconds / 60),
    markingNote: false,
  });

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {posters.length > 0 && <PosterCarousel intervalMs={DASHBOARD_CAROUSEL_MS} dotsInTabOrder={false} roleDescription={home("carousel")} posters={posters} />}
      <h2 id={titleId} lang={title.lang} className="text-xl font-semibold text-slate-900">{title.text}</h2>
      <ContestModelNote model={quiz.contestModel} />
      <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        {quiz.seatsLeft !== null && <p>{t.rich("seatsLeft", { seats: quiz.seatsLeft, value })}</p>}
        <p>{t.rich("enrollLastDate", { date: formatShortIndiaDate(quiz.formEndAt), value })}</p>
        <p>{t.rich("examAt", { date: formatIndiaDateTime(quiz.examStartAt, language), minutes: Math.round(quiz.durationSeconds / 60), value })}</p>
        <p>{t.rich("resultDate", { date: formatShortIndiaDate(quiz.resultAt), value })}</p>
      </div>
      <Tabs
        label={t("about", { title: title.text })}
        tabs={[
          {
            label: t("information"),
            content: (
              <>
                <p lang={description.lang}>{description.text}</p>
                <p className="mt-2">
                  {t("entryFee", { fee: free ? t("free") : fee })}{" "}
                  {certificatesOnly ? t("certificatesOnly") : t("prizeMoney", { amount: formatRupeesWithSymbol(quiz.prizeMoneyPaise) })}
                </p>
                <PrizeTierList tiers={quiz.prizes} label={t("prizesOf", { title: title.text })} className="mt-2 list-disc pl-5" />
              </>
            ),
          },
          {
            label: t("stepsToParticipate"),
            content: (
              <ol className="list-decimal space-y-1 pl-5">
                {free ? (
                  <li>{t("stepRegisterFree")}</li>
                ) : (
                  <>
                    <li>{t("stepPay", { fee })}</li>
                    <li>{t("stepWait")}</li>
                  </>
                )}
                <li>
                  {t("stepExamDay", {
                    date: formatIndiaDateTime(quiz.examStartAt, language),
                    questions: quiz.questionCount,
                    minutes: Math.round(quiz.durationSeconds / 60),
                  })}
                </li>
              </ol>
            ),
          },
          {
            label: t("termsShort"),
            content: (
              <>
                <ul className="list-disc space-y-1 pl-5">
                  <li>{t("termMinimumAge", { age: config.competition.minimumAge })}</li>
                  {free ? <li>{modelText}</li> : <li>{t("termNonRefundable")}</li>}
                  <li>{t("termHighestScore")}</li>
                  <li>{t("termFasterSubmission")}</li>
                  {certificatesOnly ? <li>{t("termNoCashPrizes")}</li> : <li>{t("termTiesSplit")}</li>}
                </ul>
                <Link href="/tnc" className="mt-2 inline-block font-semibold text-brand underline">{t("readFullTerms")}</Link>
              </>
            ),
          },
        ]}
      />
      <div className="mt-auto">
        <EnrollAction
          quiz={{ id: quiz.id, title: quiz.title, titleHi: quiz.titleHi, entryFeePaise: quiz.entryFeePaise }}
          action={quiz.action}
          dates={{ registrationOpens: formatShortIndiaDate(quiz.formStartAt), examOpens: formatIndiaDayAndTime(quiz.examStartAt, language), decidedAt: now }}
          payment={payment}
          gatewayOrder={quiz.gatewayOrder}
        />
      </div>
    </article>
  );
}
