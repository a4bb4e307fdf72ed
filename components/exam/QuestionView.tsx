import { useTranslations } from "next-intl";
import { useId } from "react";
import type { ExamView } from "@/lib/exam";
import { TextOrImage } from "@/components/ui/TextOrImage";

const LETTERS = ["A", "B", "C", "D"];

interface QuestionViewProps {
  question: ExamView["questions"][number];
  number: number;
  total: number;
  selected: number | undefined;
  disabled: boolean;
  onSelect: (optionIndex: number) => void;
}

export function QuestionView({ question, number, total, selected, disabled, onSelect }: QuestionViewProps) {
  const t = useTranslations("exam.question");
  const headingId = useId();
  const textId = useId();
  return (
    <fieldset disabled={disabled} aria-labelledby={`${headingId} ${textId}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {t("heading", { number, total })}
      </h2>
      <p id={textId} className="mt-2 text-lg text-slate-900">
        <TextOrImage text={question.text} alt={t("image", { number })} />
      </p>
      <div className="mt-5 grid gap-3">
        {question.options.map((option, index) => (
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
            <TextOrImage text={option} alt={t("optionImage", { letter: LETTERS[index], number })} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
