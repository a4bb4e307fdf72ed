import { useTranslations } from "next-intl";

export interface QuizFacts {
  questionCount: number;
  durationSeconds: number;
  marksPerQuestion: number;
  /** Marks a wrong answer loses; 0 is no negative marking. */
  wrongAnswerMarks: number;
}

/** The exam's rules, stated on the instructions page and again just before the start (SPEC §2). */
export function ExamRules({ quiz }: { quiz: QuizFacts }) {
  const t = useTranslations("exam.rules");
  return (
    <ul className="list-disc space-y-1 pl-6 text-slate-800">
      <li>{t("questions", { count: quiz.questionCount })}</li>
      <li>{t("minutes", { count: Math.round(quiz.durationSeconds / 60) })}</li>
      <li>{t("marksEach", { count: quiz.marksPerQuestion })}</li>
      <li>{quiz.wrongAnswerMarks > 0 ? t("negativeMarking", { count: quiz.wrongAnswerMarks }) : t("noNegativeMarking")}</li>
      <li>{t("noReturn")}</li>
      <li>{t("oneClock")}</li>
      <li>{t("scoreAfterWindow")}</li>
    </ul>
  );
}
