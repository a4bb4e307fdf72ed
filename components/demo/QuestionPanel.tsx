import { useTranslations } from "next-intl";
import type { ReactNode, Ref } from "react";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import type { DemoQuestion } from "@/lib/quizzes";
import { TextOrImage } from "@/components/ui/TextOrImage";
import { wordingIn, type ExamLanguage } from "@/components/exam/language";
import { QuestionButtons } from "./QuestionButtons";

const LETTERS = ["A", "B", "C", "D", "E", "F"];

interface QuestionPanelProps {
  question: DemoQuestion;
  /** The legend takes focus after a move to another question, so a screen reader reads it. */
  legendRef: Ref<HTMLLegendElement>;
  /** Shown beside the question number. */
  timer: ReactNode;
  index: number;
  answers: readonly (number | null)[];
  onAnswer: (option: number) => void;
  onGoTo: (index: number) => void;
  onNext: () => void;
  onSubmit: () => void;
  /** Shown in Hindi when the question has a Hindi version; the options keep their positions. */
  language: ExamLanguage;
}

export function QuestionPanel({ question, legendRef, timer, index, answers, onAnswer, onGoTo, onNext, onSubmit, language }: QuestionPanelProps) {
  const t = useTranslations("demo");
  const number = index + 1;
  const wording = wordingIn(language, { text: question.question, options: question.options, html: question.html }, question.hi);
  return (
    <section aria-labelledby="demo-question-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="demo-question-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          {t("questionHeading", { number, total: answers.length })}
        </h2>
        {timer}
      </div>
      {/* min-w-0 and w-full: a fieldset and its legend are otherwise as wide as a wide formula or table, and so is the page. */}
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend ref={legendRef} tabIndex={-1} lang={wording.lang} className="mb-3 w-full text-lg font-medium text-slate-900 focus:outline-none">
          <TextOrImage text={wording.text} html={wording.html?.text} alt={t("questionImage", { number })} />
        </legend>
        {wording.options.map((option, position) => (
          <label
            key={position}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white p-3 hover:bg-slate-50 has-checked:border-brand has-checked:bg-indigo-50"
          >
            <input
              type="radio"
              name={`demo-question-${index}`}
              checked={answers[index] === position}
              onChange={() => onAnswer(position)}
              className="h-4 w-4 accent-brand"
            />
            <span className="font-semibold text-slate-700">{LETTERS[position]}.</span>
            <span lang={wording.lang} className="min-w-0">
              <TextOrImage text={option} html={wording.html?.options[position]} alt={t("optionImage", { letter: LETTERS[position] })} />
            </span>
          </label>
        ))}
      </fieldset>
      <QuestionButtons index={index} answers={answers} onSelect={onGoTo} />
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButtonClass} onClick={() => onGoTo(index - 1)} disabled={index === 0}>{t("previous")}</button>
        {/* Next on the last question ends the quiz (SPEC §2). */}
        <button type="button" className={secondaryButtonClass} onClick={onNext}>{t("next")}</button>
        <button type="button" className={primaryButtonClass} onClick={onSubmit}>{t("submitQuiz")}</button>
      </div>
    </section>
  );
}
