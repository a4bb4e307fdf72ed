"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import { FormMessage } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { CASH_PRIZES_LAWFUL_CONFIRM } from "@/lib/catalogue";
import { failureText, smallButtonClass, type Message } from "./adminUi";
import { ConfirmDelete } from "./ConfirmDelete";
import type { QuizFormValues } from "./quizFormValues";

/** One quiz, formatted on the server, with the values its edit form starts from. */
export interface QuizListItem {
  id: string;
  title: string;
  isDemo: boolean;
  /** The contest model's name. */
  contestModel: string;
  registration: string;
  exam: string;
  result: string;
  entryFee: string;
  prizeMoney: string;
  capacity: string;
  questionCount: number;
  values: QuizFormValues;
}

export function QuizList({ quizzes, onEdit, onDeleted }: { quizzes: QuizListItem[]; onEdit: (quiz: QuizListItem) => void; onDeleted: (quizId: string) => void }) {
  const router = useRouter();
  const [message, setMessage] = useState<Message>();
  const [duplicating, startDuplicating] = useTransition();
  /** The paid-with-cash quiz whose copy waits for the admin's confirmation that it is lawful. */
  const [confirmingCopy, setConfirmingCopy] = useState<string>();

  function duplicate(quiz: QuizListItem, lawfulConfirmed = false) {
    setMessage(undefined);
    // A copy of paid entry with cash prizes is confirmed lawful, as a new quiz is (the server checks).
    if (quiz.values.contestModel === "paid_cash" && !lawfulConfirmed) {
      setConfirmingCopy(quiz.id);
      return;
    }
    setConfirmingCopy(undefined);
    startDuplicating(async () => {
      try {
        const query = lawfulConfirmed ? "?cashPrizesLawfulConfirmed=true" : "";
        const result = await callApi<{ message: string }>(`/api/quizzes/${quiz.id}/duplicate${query}`, { method: "POST" });
        setMessage({ tone: "success", text: result.message });
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, "Duplicate failed") });
      }
    });
  }

  async function remove(quiz: QuizListItem) {
    setMessage(undefined);
    try {
      const result = await callApi<{ message: string }>(`/api/deletequizes/${quiz.id}`, { method: "DELETE" });
      onDeleted(quiz.id);
      setMessage({ tone: "success", text: result.message });
      router.refresh();
    } catch (caught) {
      // A quiz with payments or responses is refused with a 409 whose text says so (SPEC §8).
      setMessage({ tone: "error", text: failureText(caught, "Delete failed") });
    }
  }

  return (
    <section aria-labelledby="quiz-list-heading" className="flex flex-col gap-3">
      <h3 id="quiz-list-heading" className="text-lg font-semibold">Quizzes</h3>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      {quizzes.length === 0 ? (
        <p className="text-slate-700">No quizzes yet. Create the first one with the form below.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {quizzes.map((quiz) => (
            <li key={quiz.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="font-semibold text-slate-900">{quiz.title}</h4>
                {quiz.isDemo && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Demo</span>}
              </div>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <Fact label="Contest model">{quiz.contestModel}</Fact>
                <Fact label="Registration">{quiz.registration}</Fact>
                <Fact label="Exam">{quiz.exam}</Fact>
                <Fact label="Result">{quiz.result}</Fact>
                <Fact label="Entry fee">{quiz.entryFee}</Fact>
                <Fact label="Prize money">{quiz.prizeMoney}</Fact>
                <Fact label="Capacity">{quiz.capacity}</Fact>
                <Fact label="Questions">{quiz.questionCount}</Fact>
              </dl>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <button type="button" onClick={() => onEdit(quiz)} className={smallButtonClass}>
                  Edit<span className="sr-only"> quiz {quiz.title}</span>
                </button>
                <button type="button" onClick={() => duplicate(quiz)} disabled={duplicating} className={smallButtonClass}>
                  Duplicate<span className="sr-only"> quiz {quiz.title}</span>
                </button>
                <ConfirmDelete what={`quiz ${quiz.title}`} onDelete={() => remove(quiz)} />
              </div>
              {confirmingCopy === quiz.id && <ConfirmLawfulCopy title={quiz.title} onConfirm={() => duplicate(quiz, true)} onCancel={() => setConfirmingCopy(undefined)} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ConfirmLawfulCopy({ title, onConfirm, onCancel }: { title: string; onConfirm: () => void; onCancel: () => void }) {
  const [confirmed, setConfirmed] = useState(false);
  return (
    <div className="mt-3 flex flex-col gap-2 rounded border border-amber-300 bg-amber-50 p-3" role="group" aria-label={`Copy quiz ${title}`}>
      <p className="text-sm text-slate-800">The copy is paid entry with cash prizes too.</p>
      <label className="flex items-start gap-2 text-sm font-medium text-slate-900">
        <input type="checkbox" className="mt-0.5 size-4 accent-brand" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
        {CASH_PRIZES_LAWFUL_CONFIRM}
      </label>
      <div className="flex gap-2">
        <button type="button" className={smallButtonClass} disabled={!confirmed} onClick={onConfirm}>
          Duplicate<span className="sr-only"> quiz {title}</span> as confirmed
        </button>
        <button type="button" className={smallButtonClass} onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}
