"use client";

import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { FormMessage } from "@/components/ui/form";
import { callApi } from "@/lib/client";
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

export function QuizList({
  quizzes,
  onEdit,
  onDuplicate,
  onDeleted,
}: {
  quizzes: QuizListItem[];
  onEdit: (quiz: QuizListItem) => void;
  /** Opens the copy in the form; it is created only when saved there. */
  onDuplicate: (quiz: QuizListItem) => void;
  onDeleted: (quizId: string) => void;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<Message>();

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
                {/* What Hindi readers see as its title: the English one where none is written. */}
                <Fact label="Title (Hindi)">{quiz.values.titleHi ? <span lang="hi">{quiz.values.titleHi}</span> : "None: Hindi pages show the English title"}</Fact>
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
                <button type="button" onClick={() => onDuplicate(quiz)} className={smallButtonClass}>
                  Duplicate<span className="sr-only"> quiz {quiz.title}</span>
                </button>
                <ConfirmDelete what={`quiz ${quiz.title}`} onDelete={() => remove(quiz)} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
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
