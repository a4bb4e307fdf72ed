"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useCallback, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Field, FormMessage, TextAreaField, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { HINDI_OPTION_LABELS, questionSchema, type QuestionInput } from "@/lib/quizzes/schemas";
import type { QuestionPreview as Preview } from "@/lib/quizzes";
import { failureText } from "./adminUi";
import { FormHeading } from "./FormHeading";
import type { QuestionRow } from "./QuestionList";
import { QuestionImagePicker, type ImagePlace } from "./QuestionImagePicker";
import { QuestionPreview, previewProblems } from "./QuestionPreview";

type QuestionValues = z.input<typeof questionSchema>;

const OPTION_INDEXES = [0, 1, 2, 3] as const;

function fourOptions(options: readonly string[] | null = null): [string, string, string, string] {
  const [first = "", second = "", third = "", fourth = ""] = options ?? [];
  return [first, second, third, fourth];
}

/** Radio values are strings; the schema turns the chosen one back into the 0-3 index. Blank Hindi fields mean no Hindi version. */
function formValues(question: QuestionRow | null): QuestionValues {
  if (!question) return { text: "", subject: "", options: fourOptions(), correctOptionIndex: undefined, textHi: "", optionsHi: fourOptions() };
  return {
    text: question.text,
    subject: question.subject,
    options: fourOptions(question.options),
    correctOptionIndex: String(question.correctOptionIndex),
    textHi: question.textHi ?? "",
    optionsHi: fourOptions(question.optionsHi),
  };
}

interface QuestionFormProps {
  /** The question being edited, or null to add one. */
  question: QuestionRow | null;
  subjects: string[];
  notice?: string;
  takeFocus: boolean;
  onDone: (notice?: string) => void;
}

export function QuestionForm({ question, subjects, notice, takeFocus, onDone }: QuestionFormProps) {
  const router = useRouter();
  const subjectListId = useId();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, control, formState, getValues, setValue } = useForm<QuestionValues, unknown, QuestionInput>({
    resolver: zodResolver(questionSchema),
    defaultValues: formValues(question),
  });
  const [text, options, textHi, optionsHi] = useWatch({ control, name: ["text", "options", "textHi", "optionsHi"] });
  const errors = formState.errors;
  const [preview, setPreview] = useState<Preview | null>(null);
  const onPreview = useCallback((next: Preview | null) => setPreview(next), []);

  // An image goes at the end of its text: on a paragraph of its own in the question, after an option's words.
  const addImage = useCallback(
    (place: ImagePlace, reference: { en: string; hi: string }) => {
      const join = (current: string | null | undefined, added: string) => [current?.trim(), added].filter(Boolean).join(place === "text" ? "\n\n" : " ");
      const english = place === "text" ? ("text" as const) : (`options.${place}` as const);
      setValue(english, join(getValues(english), reference.en), { shouldDirty: true });
      // The Hindi texts show it too, with the Hindi alt text, once a Hindi version is being written.
      const values = getValues();
      if (!values.textHi?.trim() && !values.optionsHi?.some((option) => option?.trim())) return;
      const hindi = place === "text" ? ("textHi" as const) : (`optionsHi.${place}` as const);
      setValue(hindi, join(getValues(hindi), reference.hi), { shouldDirty: true });
    },
    [getValues, setValue],
  );

  const onSubmit = handleSubmit(async (body) => {
    setError(undefined);
    // The server refuses it too; here the admin is told before a round trip.
    const [problem] = previewProblems(preview);
    if (problem) return setError(problem);
    try {
      const result = question
        ? await callApi<{ message: string }>(`/api/updatequestions/${question.id}`, { method: "PUT", json: body })
        : await callApi<{ message: string }>("/api/addquestions", { json: body });
      onDone(result.message);
      router.refresh();
    } catch (caught) {
      setError(failureText(caught, question ? "Edit failed" : "Failed to add question"));
    }
  });

  return (
    <section aria-labelledby="question-form-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <FormHeading id="question-form-heading" takeFocus={takeFocus}>{question ? "Edit question" : "Add question"}</FormHeading>
      <FormMessage tone="success">{notice}</FormMessage>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextAreaField
          id="question-text"
          label="Question text"
          rows={3}
          hint="Markdown (**bold**, *italic*, lists, tables) and maths between $ signs: $x^2$ in a line, $$…$$ on lines of its own; a dollar sign itself is \$. Images: upload them below."
          error={errors.text?.message}
          {...register("text")}
        />

        <Field id="question-subject" label="Subject" list={subjectListId} error={errors.subject?.message} {...register("subject")} />
        <datalist id={subjectListId}>
          {subjects.map((subject) => <option key={subject} value={subject} />)}
        </datalist>

        <div className="grid gap-4 sm:grid-cols-2">
          {OPTION_INDEXES.map((index) => (
            <div key={index} className="flex flex-col gap-2">
              <Field id={`question-option-${index}`} label={`Option ${index + 1} text`} error={errors.options?.[index]?.message} {...register(`options.${index}`)} />
            </div>
          ))}
        </div>

        <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4" aria-describedby="question-hindi-hint">
          <legend className="px-1 text-sm font-medium text-slate-800">Hindi version (optional)</legend>
          <p id="question-hindi-hint" className="-mt-2 text-sm text-slate-600">
            Participants who take the exam in Hindi see it. Give the question and all four options, in the same order as above, or leave them all empty.
          </p>
          <TextAreaField id="question-text-hi" label="Question (Hindi)" lang="hi" rows={3} error={errors.textHi?.message} {...register("textHi")} />
          <div className="grid gap-4 sm:grid-cols-2">
            {OPTION_INDEXES.map((index) => (
              <Field key={index} id={`question-option-hi-${index}`} label={HINDI_OPTION_LABELS[index]} lang="hi" error={errors.optionsHi?.[index]?.message} {...register(`optionsHi.${index}`)} />
            ))}
          </div>
        </fieldset>

        <QuestionImagePicker onAdd={addImage} />

        <fieldset aria-describedby={errors.correctOptionIndex ? "question-correct-error" : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">Correct option</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {OPTION_INDEXES.map((index) => (
              <label key={index} className="flex items-center gap-2 text-slate-900">
                <input type="radio" value={String(index)} className="size-4 accent-brand" {...register("correctOptionIndex")} />
                Option {index + 1}
              </label>
            ))}
          </div>
          {errors.correctOptionIndex && <p id="question-correct-error" role="alert" className="mt-1 text-sm text-red-700">{errors.correctOptionIndex.message}</p>}
        </fieldset>

        <QuestionPreview texts={{ text: text ?? "", options: fourOptions(options), textHi: textHi ?? "", optionsHi: fourOptions(optionsHi) }} onPreview={onPreview} />

        <FormMessage tone="error">{error}</FormMessage>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>{formState.isSubmitting ? "Saving…" : "Submit"}</button>
          <button type="button" className={secondaryButtonClass} onClick={() => onDone()}>Cancel</button>
        </div>
      </form>
    </section>
  );
}
