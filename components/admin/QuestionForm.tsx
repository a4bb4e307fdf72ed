"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Field, FormMessage, TextAreaField, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { HINDI_OPTION_LABELS, questionSchema, type QuestionInput } from "@/lib/quizzes/schemas";
import { isImageUrl } from "@/components/ui/TextOrImage";
import { failureText } from "./adminUi";
import { FormHeading } from "./FormHeading";
import type { QuestionRow } from "./QuestionList";

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
  const { register, handleSubmit, control, formState } = useForm<QuestionValues, unknown, QuestionInput>({
    resolver: zodResolver(questionSchema),
    defaultValues: formValues(question),
  });
  const [text, options] = useWatch({ control, name: ["text", "options"] });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (body) => {
    setError(undefined);
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
        <TextAreaField id="question-text" label="Question text" rows={3} hint="Text, or an image address starting with http." error={errors.text?.message} {...register("text")} />
        <ImagePreview value={text} alt="Preview of the question image" />

        <Field id="question-subject" label="Subject" list={subjectListId} error={errors.subject?.message} {...register("subject")} />
        <datalist id={subjectListId}>
          {subjects.map((subject) => <option key={subject} value={subject} />)}
        </datalist>

        <div className="grid gap-4 sm:grid-cols-2">
          {OPTION_INDEXES.map((index) => (
            <div key={index} className="flex flex-col gap-2">
              <Field id={`question-option-${index}`} label={`Option ${index + 1} text`} error={errors.options?.[index]?.message} {...register(`options.${index}`)} />
              <ImagePreview value={options[index]} alt={`Preview of the option ${index + 1} image`} />
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

        <FormMessage tone="error">{error}</FormMessage>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>{formState.isSubmitting ? "Saving…" : "Submit"}</button>
          <button type="button" className={secondaryButtonClass} onClick={() => onDone()}>Cancel</button>
        </div>
      </form>
    </section>
  );
}

function ImagePreview({ value, alt }: { value: string | undefined; alt: string }) {
  const address = value?.trim() ?? "";
  if (!isImageUrl(address)) return null;
  // eslint-disable-next-line @next/next/no-img-element -- an admin-typed address on any host, shown as typed
  return <img src={address} alt={alt} className="max-h-40 max-w-full self-start rounded border border-slate-200 object-contain" />;
}
