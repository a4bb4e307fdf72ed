"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import type { RenderedQuestion } from "@/lib/content";
import type { AcceptedRanges, AnswerType } from "@/lib/quizzes/schemas";
import { ANSWER_TYPE_LABELS } from "@/lib/quizzes/schemas";
import { FormMessage } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { failureText, smallButtonClass, type Message } from "./adminUi";
import { ConfirmDelete } from "./ConfirmDelete";
import { TextOrImage } from "@/components/ui/TextOrImage";

export interface QuestionRow {
  id: string;
  text: string;
  subject: string;
  answerType: AnswerType;
  /** 2 to 6 for the option types; none for a typed answer. */
  options: string[];
  correctOptionIndex: number | null;
  correctOptions: number[] | null;
  /** A typed answer's accepted ranges, the answers it allows and their decimal places. */
  acceptedAnswers: AcceptedRanges | null;
  answerLimits: [string, string] | null;
  answerDecimals: number | null;
  /** The Hindi version: both or neither. */
  textHi: string | null;
  optionsHi: string[] | null;
  /** The texts as rendered when saved (formulas, tables); null when all are plain. */
  rendered: RenderedQuestion | null;
  /** How many quizzes use it: such a question cannot be deleted. */
  usage: number;
}

interface QuestionListProps {
  questions: QuestionRow[];
  filters: ReactNode;
  filtered: boolean;
  onEdit: (question: QuestionRow) => void;
  onDeleted: (questionId: string) => void;
}

/** A typed question's accepted answers as ranges read: "42 or 57", "2.49 to 2.51"; and the answers it allows. */
function typedKeyText(question: QuestionRow): string {
  const accepted = (question.acceptedAnswers ?? []).map(([low, high]) => (low === high ? low : `${low} to ${high}`)).join(" or ");
  const limits = question.answerLimits ? `; answers from ${question.answerLimits[0]} to ${question.answerLimits[1]}` : "";
  const places = question.answerType === "numerical" ? `; up to ${question.answerDecimals} decimal ${question.answerDecimals === 1 ? "place" : "places"}` : "";
  return `Accepted: ${accepted}${limits}${places}`;
}

function usageText(count: number): string {
  if (count === 0) return "Not used in any quiz";
  return `Used in ${count} ${count === 1 ? "quiz" : "quizzes"}`;
}

export function QuestionList({ questions, filters, filtered, onEdit, onDeleted }: QuestionListProps) {
  const router = useRouter();
  const [message, setMessage] = useState<Message>();

  async function remove(question: QuestionRow) {
    setMessage(undefined);
    try {
      const result = await callApi<{ message: string }>(`/api/deletequestions/${question.id}`, { method: "DELETE" });
      onDeleted(question.id);
      setMessage({ tone: "success", text: result.message });
      router.refresh();
    } catch (caught) {
      // SPEC §8: a question in use is refused with the server's own explanation.
      setMessage({ tone: "error", text: failureText(caught, "Delete failed") });
    }
  }

  return (
    <section aria-labelledby="question-list-heading" className="flex flex-col gap-3">
      <h3 id="question-list-heading" className="text-lg font-semibold">Question bank</h3>
      {filters}
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      {questions.length === 0 ? (
        <p className="text-slate-700">{filtered ? "No questions match these filters." : "The question bank is empty. Add a question or import a CSV file."}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Questions">
          {questions.map((question, position) => (
            <li key={question.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0 flex-1 break-words font-medium text-slate-900">
                  <TextOrImage text={question.text} html={question.rendered?.en.text} alt={`Question ${position + 1} image`} size="thumbnail" />
                </div>
                <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{question.subject}</span>
                <span className="rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">{ANSWER_TYPE_LABELS[question.answerType]}</span>
                {question.textHi !== null && (
                  <span lang="hi" title="Has a Hindi version" className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">हिन्दी</span>
                )}
              </div>
              {question.acceptedAnswers && <p className="mt-2 rounded bg-emerald-50 px-2 py-1 text-sm font-medium text-emerald-900">{typedKeyText(question)}</p>}
              <ol className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
                {question.options.map((option, index) => {
                  const correct = index === question.correctOptionIndex || Boolean(question.correctOptions?.includes(index));
                  return (
                    <li key={index} className={`rounded px-2 py-1 ${correct ? "bg-emerald-50 font-medium text-emerald-900" : "text-slate-800"}`}>
                      <span className="font-medium">{index + 1}.</span> <TextOrImage text={option} html={question.rendered?.en.options[index]} alt={`Option ${index + 1} image`} size="thumbnail" />
                      {correct && <span className="ml-1"><span aria-hidden="true">✓</span> (correct)</span>}
                    </li>
                  );
                })}
              </ol>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <span className="text-sm text-slate-700">{usageText(question.usage)}</span>
                <button type="button" onClick={() => onEdit(question)} className={smallButtonClass}>
                  Edit<span className="sr-only"> question {position + 1}</span>
                </button>
                <ConfirmDelete what={`question ${position + 1}`} onDelete={() => remove(question)} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
