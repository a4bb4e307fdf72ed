"use client";

import type { ReactNode } from "react";
import { QuestionForm } from "./QuestionForm";
import { QuestionList, type QuestionRow } from "./QuestionList";
import { useEditor } from "./useEditor";

interface QuestionManagerProps {
  questions: QuestionRow[];
  subjects: string[];
  /** The server-rendered search and subject filter, shown above the list. */
  filters: ReactNode;
  filtered: boolean;
}

/** SPEC §4: the form adds, or edits the question chosen in the list; Submit and Cancel both reset it. */
export function QuestionManager({ questions, subjects, filters, filtered }: QuestionManagerProps) {
  const editor = useEditor<QuestionRow>();
  return (
    <div className="flex flex-col gap-8">
      <QuestionForm key={editor.formKey} question={editor.editing} subjects={subjects} notice={editor.notice} takeFocus={editor.formKey > 0} onDone={editor.finish} />
      <QuestionList
        questions={questions}
        filters={filters}
        filtered={filtered}
        onEdit={editor.edit}
        onDeleted={(questionId) => {
          if (editor.editing?.id === questionId) editor.finish();
        }}
      />
    </div>
  );
}
