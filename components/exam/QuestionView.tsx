import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { ExamView } from "@/lib/exam";
import { TextOrImage } from "@/components/ui/TextOrImage";
import { wordingIn, type ExamLanguage } from "./language";

const LETTERS = ["A", "B", "C", "D"];

interface QuestionViewProps {
  question: ExamView["questions"][number];
  number: number;
  total: number;
  selected: number | undefined;
  disabled: boolean;
  onSelect: (optionIndex: number) => void;
  /** Shown in Hindi when the question has a Hindi version; the options keep their positions. */
  language: ExamLanguage;
  /** False where the question is shown beside a form (the admin's preview), which keeps the focus. */
  takeFocus?: boolean;
}

/** Shown (keyed by question) at the start and after every move to another question. */
export function QuestionView({ question, number, total, selected, disabled, onSelect, language, takeFocus = true }: QuestionViewProps) {
  const t = useTranslations("exam.question");
  const legend = useRef<HTMLLegendElement>(null);
  // The question that was on screen has gone: a screen reader reads the new one from its legend.
  useEffect(() => {
    if (takeFocus) legend.current?.focus();
  }, [takeFocus]);
  const wording = wordingIn(language, question, question.hi);
  return (
    <fieldset disabled={disabled} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <legend ref={legend} tabIndex={-1} className="float-left w-full focus:outline-none">
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {t("heading", { number, total })}
        </h2>
        <span lang={wording.lang} className="mt-2 block text-lg text-slate-900">
          <TextOrImage text={wording.text} html={wording.html?.text} alt={t("image", { number })} />
        </span>
      </legend>
      <div className="clear-both grid gap-3 pt-5">
        {wording.options.map((option, index) => (
          <label
            key={index}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 hover:bg-slate-50 has-checked:border-brand has-checked:bg-brand/5 has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={`question-${question.id}`}
              checked={selected === index}
              onChange={() => onSelect(index)}
              className="h-4 w-4 accent-brand"
            />
            <span className="font-semibold text-slate-700">{LETTERS[index]}.</span>
            <span lang={wording.lang}>
              <TextOrImage text={option} html={wording.html?.options[index]} alt={t("optionImage", { letter: LETTERS[index], number })} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
