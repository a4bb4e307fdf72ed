"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { OPTION_LETTERS } from "@/components/exam/keyText";
import { Field, FormMessage, inputClass, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import type { AcceptedRanges, AnswerType } from "@/lib/quizzes/schemas";
import { callApi } from "@/lib/client";
import type { Key } from "@/lib/results";
import { keyDecisionSchema } from "@/lib/results/schemas";
import { failureText, smallButtonClass, type Message } from "./adminUi";

type Decision = "keep" | "change" | "drop";

const CHANGE_LABEL: Record<AnswerType, string> = {
  single: "Change the correct option",
  multiple: "Change the correct options",
  integer: "Change the accepted answers",
  numerical: "Change the accepted answers",
};

/** One accepted answer as the form edits it: a value, and the top of its range when it is one. */
interface AcceptedRow {
  value: string;
  upTo: string;
}

function rowsOf(key: Key | null): AcceptedRow[] {
  const ranges: AcceptedRanges = key && "keyAnswers" in key ? key.keyAnswers : [["", ""]];
  return ranges.map(([low, high]) => ({ value: low, upTo: high === low ? "" : high }));
}

export interface DecidedQuestion {
  questionId: string;
  number: number;
  answerType: AnswerType;
  /** Canonical order; none for a typed answer. */
  options: string[];
  typed: { limits: [string, string] | null; decimals: number } | null;
  key: Key | null;
}

/** The typed answers a question allows, as the admin deciding its key reads them. */
function typedRule(question: DecidedQuestion): string {
  const { limits, decimals } = question.typed!;
  const range = limits ? ` from ${limits[0]} to ${limits[1]}` : "";
  return question.answerType === "integer" ? `Whole numbers${range}.` : `Numbers with at most ${decimals} decimal place${decimals === 1 ? "" : "s"}${range}.`;
}

/**
 * Keep, change or drop; every attempt is rescored and the objectors are told. A change gives the
 * whole new key: the option, the options, or every accepted answer (a second answer is added as a
 * row, a range widened by its values).
 */
export function KeyDecisionForm({ quizId, question }: { quizId: string; question: DecidedQuestion }) {
  const router = useRouter();
  const id = useId();
  const { answerType, number } = question;
  const [decision, setDecision] = useState<Decision>("keep");
  const [newOption, setNewOption] = useState("");
  const [newOptions, setNewOptions] = useState<number[]>(question.key && "keyOptions" in question.key ? question.key.keyOptions : []);
  const [accepted, setAccepted] = useState<AcceptedRow[]>(() => rowsOf(question.key));
  const [note, setNote] = useState("");
  const [message, setMessage] = useState<Message>();
  const [pending, startTransition] = useTransition();
  const choices: { value: Decision; label: string }[] = [
    { value: "keep", label: "Keep the key" },
    { value: "change", label: CHANGE_LABEL[answerType] },
    { value: "drop", label: "Drop the question (everyone gets the mark)" },
  ];

  function newKey() {
    if (answerType === "single") return { newOptionIndex: newOption === "" ? undefined : Number(newOption) };
    if (answerType === "multiple") return { newOptions: [...newOptions].sort((a, b) => a - b) };
    const given = accepted.filter((row) => row.value.trim() !== "" || row.upTo.trim() !== "");
    return { acceptedAnswers: given.map((row) => [row.value.trim(), row.upTo.trim() || row.value.trim()]) };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = keyDecisionSchema.safeParse(decision === "change" ? { decision, ...newKey(), note } : { decision, note });
    if (!checked.success) {
      setMessage({ tone: "error", text: checked.error.issues[0].message });
      return;
    }
    setMessage(undefined);
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(`/api/quizzes/${quizId}/questions/${question.questionId}/decision`, { json: checked.data });
        setMessage({ tone: "success", text: result.message });
        setNote("");
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, "The decision could not be saved. Please try again.") });
      }
    });
  }

  const editRow = (index: number, change: Partial<AcceptedRow>) => setAccepted((rows) => rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <form onSubmit={submit} aria-label={`Decide question ${number}`} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-slate-900">Decision on question {number}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-slate-900">
            <input type="radio" name={`${id}-decision`} value={choice.value} checked={decision === choice.value} onChange={() => setDecision(choice.value)} className="size-4 accent-brand" />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {decision === "change" && answerType === "single" && (
        <div className="flex max-w-xs flex-col gap-1">
          <label htmlFor={`${id}-option`} className="text-sm font-medium text-slate-800">Correct option</label>
          <select id={`${id}-option`} value={newOption} onChange={(event) => setNewOption(event.target.value)} className={inputClass}>
            <option value="">Choose an option</option>
            {question.options.map((option, index) => (
              <option key={index} value={index}>
                {OPTION_LETTERS[index]}. {option.length > 60 ? `${option.slice(0, 60)}…` : option}
              </option>
            ))}
          </select>
        </div>
      )}
      {decision === "change" && answerType === "multiple" && (
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-800">Correct options (every one that is right)</legend>
          {question.options.map((option, index) => (
            <label key={index} className="flex items-center gap-2 text-slate-900">
              <input
                type="checkbox"
                checked={newOptions.includes(index)}
                onChange={(event) => setNewOptions((chosen) => (event.target.checked ? [...chosen, index] : chosen.filter((other) => other !== index)))}
                className="size-4 accent-brand"
              />
              {OPTION_LETTERS[index]}. {option.length > 60 ? `${option.slice(0, 60)}…` : option}
            </label>
          ))}
        </fieldset>
      )}
      {decision === "change" && question.typed && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">Accepted answers</legend>
          <p className="text-sm text-slate-600">
            {typedRule(question)} Every answer listed is accepted: add a row to accept another answer, or give a row a higher value to accept a range.
          </p>
          {accepted.map((row, index) => (
            <div key={index} className="flex flex-wrap items-end gap-2">
              <div className="w-36">
                <Field id={`${id}-value-${index}`} label={`Accepted answer ${index + 1}`} inputMode="decimal" value={row.value} onChange={(event) => editRow(index, { value: event.target.value })} />
              </div>
              <div className="w-36">
                <Field id={`${id}-up-to-${index}`} label={`Up to (range ${index + 1}, optional)`} inputMode="decimal" value={row.upTo} onChange={(event) => editRow(index, { upTo: event.target.value })} />
              </div>
              {accepted.length > 1 && (
                <button type="button" onClick={() => setAccepted((rows) => rows.filter((_, at) => at !== index))} className={smallButtonClass}>
                  Remove answer {index + 1}
                </button>
              )}
            </div>
          ))}
          <button type="button" onClick={() => setAccepted((rows) => [...rows, { value: "", upTo: "" }])} className={`${smallButtonClass} self-start`}>
            Add an accepted answer
          </button>
        </fieldset>
      )}
      <TextAreaField id={`${id}-note`} label="Reason, shown to every participant (optional)" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      <button type="submit" disabled={pending} className={`${primaryButtonClass} self-start`}>
        {pending ? "Saving…" : "Save decision"}
      </button>
    </form>
  );
}
