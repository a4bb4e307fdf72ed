"use client";

import type { ContestModelOption } from "./quizFormValues";
import type { BankQuestion } from "./QuestionPicker";
import type { SectionBankQuestion } from "./QuizSections";
import { QuizForm } from "./QuizForm";
import { QuizList, type QuizListItem } from "./QuizList";
import { useEditor } from "./useEditor";

/**
 * The demo publishes its answers, so its questions and a paid quiz's never mix: the form offers
 * only the questions the quiz being edited (or a new paid quiz) may use.
 */
function offeredQuestions<Question extends BankQuestion>(bank: Question[], quizzes: QuizListItem[], editing: QuizListItem | null): Question[] {
  const forDemo = editing?.isDemo ?? false;
  const elsewhere = new Set(quizzes.filter((quiz) => quiz.isDemo !== forDemo).flatMap((quiz) => quiz.values.questions));
  return bank.filter((question) => !elsewhere.has(question.id));
}

/** The list and the form share one thing: which quiz, if any, is being edited. */
export function QuizManager({ quizzes, bank, contestModels }: { quizzes: QuizListItem[]; bank: (BankQuestion & SectionBankQuestion)[]; contestModels: ContestModelOption[] }) {
  const editor = useEditor<QuizListItem>();
  return (
    <div className="flex flex-col gap-8">
      <QuizList
        quizzes={quizzes}
        onEdit={editor.edit}
        onDuplicate={editor.copy}
        onDeleted={(quizId) => {
          // The form must not keep offering to update a quiz that no longer exists.
          if (editor.editing?.id === quizId) editor.finish();
        }}
      />
      <QuizForm key={editor.formKey} quiz={editor.editing} copyOf={editor.copying} contestModels={contestModels} bank={offeredQuestions(bank, quizzes, editor.editing)} notice={editor.notice} takeFocus={editor.formKey > 0} onDone={editor.finish} />
    </div>
  );
}
