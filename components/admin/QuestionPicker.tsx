"use client";

import { useId, useState } from "react";
import type { AnswerType } from "@/lib/quizzes/schemas";
import { inputClass } from "@/components/ui/form";
import { ANSWER_TYPE_LABELS } from "@/lib/quizzes/schemas";

export interface BankQuestion {
  id: string;
  text: string;
  subject: string;
  answerType: AnswerType;
}

function pickedText(count: number): string {
  return `${count} ${count === 1 ? "question" : "questions"} picked`;
}

/**
 * Checkboxes over the whole bank, narrowed by a search that only hides rows: picks stay picked
 * while hidden, and are kept in the order they were made (the quiz's question order).
 */
export function QuestionPicker({ bank, value, onChange, error }: { bank: BankQuestion[]; value: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const [search, setSearch] = useState("");
  const baseId = useId();
  const needle = search.trim().toLowerCase();
  const shown = needle ? bank.filter((question) => `${question.text} ${question.subject}`.toLowerCase().includes(needle)) : bank;
  const picked = new Set(value);

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...value, id] : value.filter((pickedId) => pickedId !== id));
  }

  return (
    // min-w-0: a fieldset is otherwise as wide as its widest word, and a question may hold a long one.
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={error ? `${baseId}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Questions</legend>
      <p aria-live="polite" className="text-sm font-medium text-slate-900">{pickedText(value.length)}</p>
      <label htmlFor={`${baseId}-search`} className="sr-only">Search the question bank</label>
      <input id={`${baseId}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search the question bank" className={inputClass} />
      {shown.length === 0 ? (
        <p className="text-sm text-slate-700">{bank.length === 0 ? "The question bank is empty: add questions first." : "No questions match this search."}</p>
      ) : (
        <ul className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white">
          {shown.map((question) => (
            <li key={question.id} className="border-b border-slate-100 last:border-b-0">
              <label className="flex cursor-pointer items-start gap-3 px-3 py-2 hover:bg-slate-50">
                <input type="checkbox" checked={picked.has(question.id)} onChange={(event) => toggle(question.id, event.target.checked)} className="mt-1 size-4 accent-brand" />
                <span className="min-w-0 flex-1 text-sm text-slate-900 [overflow-wrap:anywhere]">{question.text}</span>
                <span className="shrink-0 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{question.subject}</span>
                <span className="shrink-0 rounded bg-sky-100 px-2 py-0.5 text-xs text-sky-900">{ANSWER_TYPE_LABELS[question.answerType]}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <p id={`${baseId}-error`} role="alert" className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
