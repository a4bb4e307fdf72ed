"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { FormMessage, inputClass, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { keyDecisionSchema } from "@/lib/results/schemas";
import { failureText, type Message } from "./adminUi";

const LETTERS = ["A", "B", "C", "D"];

type Decision = "keep" | "change" | "drop";

const CHOICES: { value: Decision; label: string }[] = [
  { value: "keep", label: "Keep the key" },
  { value: "change", label: "Change the correct option" },
  { value: "drop", label: "Drop the question (everyone gets the mark)" },
];

/** Keep, change or drop; every attempt is rescored and the objectors are told. */
export function KeyDecisionForm({ quizId, questionId, questionNumber, options }: { quizId: string; questionId: string; questionNumber: number; options: string[] }) {
  const router = useRouter();
  const id = useId();
  const [decision, setDecision] = useState<Decision>("keep");
  const [newOption, setNewOption] = useState("");
  const [note, setNote] = useState("");
  const [message, setMessage] = useState<Message>();
  const [pending, startTransition] = useTransition();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = keyDecisionSchema.safeParse(decision === "change" ? { decision, newOptionIndex: newOption === "" ? undefined : Number(newOption), note } : { decision, note });
    if (!checked.success) {
      setMessage({ tone: "error", text: checked.error.issues[0].message });
      return;
    }
    setMessage(undefined);
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(`/api/quizzes/${quizId}/questions/${questionId}/decision`, { json: checked.data });
        setMessage({ tone: "success", text: result.message });
        setNote("");
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, "The decision could not be saved. Please try again.") });
      }
    });
  }

  return (
    <form onSubmit={submit} aria-label={`Decide question ${questionNumber}`} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-slate-900">Decision on question {questionNumber}</legend>
        {CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-slate-900">
            <input type="radio" name={`${id}-decision`} value={choice.value} checked={decision === choice.value} onChange={() => setDecision(choice.value)} className="size-4 accent-brand" />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {decision === "change" && (
        <div className="flex max-w-xs flex-col gap-1">
          <label htmlFor={`${id}-option`} className="text-sm font-medium text-slate-800">Correct option</label>
          <select id={`${id}-option`} value={newOption} onChange={(event) => setNewOption(event.target.value)} className={inputClass}>
            <option value="">Choose an option</option>
            {options.map((option, index) => (
              <option key={index} value={index}>
                {LETTERS[index]}. {option.length > 60 ? `${option.slice(0, 60)}…` : option}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextAreaField id={`${id}-note`} label="Reason, shown to every participant (optional)" rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      <button type="submit" disabled={pending} className={`${primaryButtonClass} self-start`}>
        {pending ? "Saving…" : "Save decision"}
      </button>
    </form>
  );
}
