import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { AnswerType } from "@/lib/quizzes/schemas";
import { typedAnswerProblem, type TypedAnswerRule } from "@/lib/exam/schemas";
import { TextOrImage } from "@/components/ui/TextOrImage";
import type { AnswerValue } from "./answer";
import { wordingIn, type ExamLanguage, type Wording } from "./language";

const LETTERS = ["A", "B", "C", "D", "E", "F"];

/** How long typing must pause before a mistake in a typed number is pointed out: "2." is on its way to "2.5". */
const TYPING_PAUSE_MS = 800;

/** A question as shown: its words in English and, when it has them, in Hindi, and how it is answered. */
export interface ShownQuestion extends Wording {
  id: string;
  hi: Wording | null;
  answerType: AnswerType;
  /** A typed answer's range (required for integer, optional for numerical) and decimal places; integer and numerical only. */
  typed?: { limits: [string, string] | null; decimals: number };
}

interface QuestionViewProps {
  question: ShownQuestion;
  number: number;
  total: number;
  answer: AnswerValue | undefined;
  disabled: boolean;
  /** Every change: an option chosen, options toggled, or a typed number that can be taken (or cleared). */
  onAnswer: (answer: AnswerValue) => void;
  /** Shown in Hindi when the question has a Hindi version; the options keep their positions and a typed number stays as typed. */
  language: ExamLanguage;
  /** False where the question is shown beside a form (the admin's preview), which keeps the focus. */
  takeFocus?: boolean;
  /** The question's section and marks, under its number (QuestionMarking). */
  marking?: ReactNode;
}

/** Shown (keyed by question) at the start and after every move to another question. */
export function QuestionView({ question, number, total, answer, disabled, onAnswer, language, takeFocus = true, marking }: QuestionViewProps) {
  const t = useTranslations("exam.question");
  const legend = useRef<HTMLLegendElement>(null);
  const instructionId = useId();
  // The question that was on screen has gone: a screen reader reads the new one from its legend.
  useEffect(() => {
    if (takeFocus) legend.current?.focus();
  }, [takeFocus]);
  const wording = wordingIn(language, question, question.hi);
  const multiple = question.answerType === "multiple";
  const typed = question.answerType === "integer" || question.answerType === "numerical";
  return (
    <fieldset disabled={disabled} aria-describedby={multiple ? instructionId : undefined} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
      <legend ref={legend} tabIndex={-1} className="float-left w-full focus:outline-none">
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {t("heading", { number, total })}
        </h2>
        {marking}
        <span lang={wording.lang} className="mt-2 block text-lg text-slate-900">
          <TextOrImage text={wording.text} html={wording.html?.text} alt={t("image", { number })} />
        </span>
      </legend>
      {typed ? (
        <TypedAnswer
          rule={{ type: question.answerType as TypedAnswerRule["type"], limits: question.typed?.limits ?? null, decimals: question.typed?.decimals ?? 0 }}
          given={answer && "typedAnswer" in answer ? answer.typedAnswer : null}
          onAnswer={onAnswer}
        />
      ) : (
        <div className="clear-both grid gap-3 pt-5">
          {multiple && <p id={instructionId} className="text-sm font-medium text-slate-700">{t("chooseOneOrMore")}</p>}
          {wording.options.map((option, index) => {
            const chosen = answer && "selectedOptions" in answer ? answer.selectedOptions : [];
            return (
              <label
                key={index}
                className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-slate-300 px-3 py-3 hover:bg-slate-50 sm:px-4 has-checked:border-brand has-checked:bg-brand/5 has-disabled:cursor-not-allowed has-disabled:opacity-60"
              >
                {multiple ? (
                  <input
                    type="checkbox"
                    name={`question-${question.id}`}
                    checked={chosen.includes(index)}
                    onChange={(event) => {
                      const others = chosen.filter((other) => other !== index);
                      onAnswer({ selectedOptions: (event.target.checked ? [...others, index] : others).sort((a, b) => a - b) });
                    }}
                    className="h-4 w-4 shrink-0 accent-brand"
                  />
                ) : (
                  <input
                    type="radio"
                    name={`question-${question.id}`}
                    checked={answer !== undefined && "selectedOptionIndex" in answer && answer.selectedOptionIndex === index}
                    onChange={() => onAnswer({ selectedOptionIndex: index })}
                    className="h-4 w-4 shrink-0 accent-brand"
                  />
                )}
                <span className="font-semibold text-slate-700">{LETTERS[index]}.</span>
                {/* On a narrow screen or with large text, a long option goes under its letter rather than into a sliver beside it. */}
                <span lang={wording.lang} className="min-w-0 flex-[1_1_8rem]">
                  <TextOrImage text={option} html={wording.html?.options[index]} alt={t("optionImage", { letter: LETTERS[index], number })} />
                </span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

interface TypedAnswerProps {
  rule: TypedAnswerRule;
  /** The number the participant's answer holds, as typed. */
  given: string | null;
  onAnswer: (answer: AnswerValue) => void;
}

/**
 * A number typed on the phone's number keypad. Every text that can be taken (or an empty box,
 * which clears the answer) is the answer at once; one that cannot is pointed out, with the same
 * words the server would refuse it with, once typing pauses or the box is left, and the answer
 * stays what it was.
 */
function TypedAnswer({ rule, given, onAnswer }: TypedAnswerProps) {
  const t = useTranslations("exam.question");
  const errors = useTranslations("errors");
  const inputId = useId();
  const problemId = useId();
  const [draft, setDraft] = useState(given ?? "");
  const [settled, setSettled] = useState(true);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);

  const problem = draft.trim() === "" ? null : typedAnswerProblem(draft, rule);
  const [low, high] = rule.limits ?? [];
  const negative = low !== undefined && low.startsWith("-");
  const label =
    rule.type === "integer"
      ? t("typeWholeNumber", { low: low ?? "", high: high ?? "" })
      : rule.limits
        ? t("typeNumberInRange", { low: low!, high: high!, decimals: rule.decimals })
        : t("typeNumber", { decimals: rule.decimals });

  function change(text: string) {
    setDraft(text);
    setSettled(false);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => setSettled(true), TYPING_PAUSE_MS);
    const value = text.trim();
    if (value === "") {
      if (given !== null) onAnswer({ typedAnswer: null });
    } else if (!typedAnswerProblem(value, rule) && value !== given) onAnswer({ typedAnswer: value });
  }

  const shownProblem = settled && problem;
  return (
    <div className="clear-both flex flex-col gap-2 pt-5">
      <label htmlFor={inputId} className="font-medium text-slate-800">{label}</label>
      <input
        id={inputId}
        type="text"
        // The phone's number keypad; a range below zero needs the minus sign, which it lacks.
        inputMode={rule.type === "integer" && !negative ? "numeric" : negative ? "text" : "decimal"}
        pattern={`${negative || rule.type === "numerical" ? "-?" : ""}[0-9]*${rule.decimals > 0 ? `([.][0-9]{0,${rule.decimals}})?` : ""}`}
        autoComplete="off"
        spellCheck={false}
        value={draft}
        onChange={(event) => change(event.target.value)}
        onBlur={() => setSettled(true)}
        aria-invalid={shownProblem ? true : undefined}
        aria-describedby={shownProblem ? problemId : undefined}
        className="w-full max-w-xs rounded-lg border border-slate-300 px-4 py-3 text-lg tabular-nums aria-invalid:border-red-600 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <p id={problemId} aria-live="polite" className="text-sm text-red-700">
        {shownProblem && (
          <>
            {errors(shownProblem.id, "values" in shownProblem ? shownProblem.values : undefined)}
            {given !== null && <> {t("keptAnswer", { answer: given })}</>}
          </>
        )}
      </p>
    </div>
  );
}
