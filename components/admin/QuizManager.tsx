"use client";

import type { BankQuestion } from "./QuestionPicker";
import { QuizForm } from "./QuizForm";
import { QuizList, type QuizListItem } from "./QuizList";
import { useEditor } from "./useEditor";

/** The list and the form share one thing: which quiz, if any, is being edited. */
export function QuizManager({ quizzes, bank }: { quizzes: QuizListItem[]; bank: BankQuestion[] }) {
  const editor = useEditor<QuizListItem>();
  return (
    <div className="flex flex-col gap-8">
      <QuizList
        quizzes={quizzes}
        onEdit={editor.edit}
        onDeleted={(quizId) => {
          // The form must not keep offering to update a quiz that no longer exists.
          if (editor.editing?.id === quizId) editor.finish();
        }}
      />
      <QuizForm key={editor.formKey} quiz={editor.editing} bank={bank} notice={editor.notice} takeFocus={editor.formKey > 0} onDone={editor.finish} />
    </div>
  );
}
