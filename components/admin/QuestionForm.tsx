"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useCallback, useId, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import type { z } from "zod";
import type { AnswerType } from "@/lib/quizzes/schemas";
import { Field, FormMessage, TextAreaField, inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import {
  ANSWER_TYPE_LABELS,
  MAX_OPTIONS,
  MIN_OPTIONS,
  answerList,
  hindiOptionLabel,
  isTyped,
  optionLabel,
  questionSchema,
  typedAnswerFields,
  typedNumber,
  type QuestionInput,
} from "@/lib/quizzes/schemas";
import type { QuestionPreview as Preview } from "@/lib/quizzes";
import { failureText, smallButtonClass } from "./adminUi";
import { FormHeading } from "./FormHeading";
import type { QuestionRow } from "./QuestionList";
import { QuestionImagePicker, type ImagePlace } from "./QuestionImagePicker";
import { QuestionPreview, previewProblems, type PreviewAnswer } from "./QuestionPreview";

/** Every type's fields at once, so switching the type loses nothing typed; what is sent is the chosen type's (requestBody). */
interface QuestionValues {
  text: string;
  subject: string;
  answerType: AnswerType;
  options: string[];
  optionsHi: string[];
  /** Radio and checkbox values are strings: "0" to "5". */
  correctOptionIndex?: string;
  correctOptions: string[];
  acceptedAnswers: string;
  answerMin: string;
  answerMax: string;
  tolerance: string;
  answerDecimals: string;
  textHi: string;
}

const FOUR_BLANK = ["", "", "", ""];

/** A stored question as the form's fields; blank Hindi fields mean no Hindi version. A typed question still offers four blank options should its type change. */
function formValues(question: QuestionRow | null): QuestionValues {
  const blank = { acceptedAnswers: "", answerMin: "", answerMax: "", tolerance: "", answerDecimals: "2" };
  if (!question) return { text: "", subject: "", answerType: "single", options: FOUR_BLANK, optionsHi: FOUR_BLANK, correctOptions: [], textHi: "", ...blank };
  const typed = question.acceptedAnswers ? typedAnswerFields(question) : blank;
  const options = question.options.length > 0 ? question.options : FOUR_BLANK;
  return {
    text: question.text,
    subject: question.subject,
    answerType: question.answerType,
    options,
    optionsHi: options.map((_, index) => question.optionsHi?.[index] ?? ""),
    correctOptionIndex: question.correctOptionIndex === null ? undefined : String(question.correctOptionIndex),
    correctOptions: (question.correctOptions ?? []).map(String),
    textHi: question.textHi ?? "",
    ...typed,
    answerDecimals: typed.answerDecimals || blank.answerDecimals,
  };
}

/** What the API is sent: the chosen type's fields only (a typed question has no options; its Hindi version is the question alone). */
function requestBody(values: QuestionValues) {
  const { text, subject, answerType, options, optionsHi, textHi } = values;
  switch (answerType) {
    case "single":
      return { text, subject, answerType, options, correctOptionIndex: values.correctOptionIndex, textHi, optionsHi };
    case "multiple":
      return { text, subject, answerType, options, correctOptions: values.correctOptions, textHi, optionsHi };
    case "integer":
      return { text, subject, answerType, acceptedAnswers: values.acceptedAnswers, answerMin: values.answerMin, answerMax: values.answerMax, textHi };
    case "numerical":
      return { text, subject, answerType, acceptedAnswers: values.acceptedAnswers, answerMin: values.answerMin, answerMax: values.answerMax, tolerance: values.tolerance, answerDecimals: values.answerDecimals, textHi };
  }
}

const checkRequest = zodResolver(questionSchema) as unknown as Resolver<z.input<typeof questionSchema>, unknown, QuestionInput>;
/** The form is checked as the request it sends, so the errors are the server's, on the same fields. */
const resolver: Resolver<QuestionValues, unknown, QuestionInput> = (values, context, options) =>
  checkRequest(requestBody(values), context, options as Parameters<typeof checkRequest>[2]) as ReturnType<Resolver<QuestionValues, unknown, QuestionInput>>;

/** What the preview shows as the answer: the correct option(s), or a typed question's box with its range and accepted numbers. */
function previewAnswer(values: Partial<QuestionValues>): PreviewAnswer {
  const type = values.answerType ?? "single";
  const integer = type === "integer";
  const [low, high] = [values.answerMin ?? "", values.answerMax ?? ""];
  const decimals = integer ? 0 : Number(values.answerDecimals ?? 2);
  const tolerance = !integer && typedNumber(values.tolerance ?? "", false)?.hundredths ? ` ± ${values.tolerance?.trim()}` : "";
  return {
    type,
    correctOptions: type === "single" ? [values.correctOptionIndex].filter((index) => index !== undefined).map(Number) : (values.correctOptions ?? []).map(Number).sort((a, b) => a - b),
    accepted: answerList(values.acceptedAnswers).map((value) => `${value}${tolerance}`),
    // The box checks what is typed against a range only once the range is two numbers.
    limits: typedNumber(low, integer) && typedNumber(high, integer) ? [low.trim(), high.trim()] : null,
    decimals,
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
    resolver,
    defaultValues: formValues(question),
  });
  const values = useWatch({ control }) as Partial<QuestionValues>;
  const answerType = values.answerType ?? "single";
  const typed = isTyped(answerType);
  const options = values.options ?? FOUR_BLANK;
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
      const current = getValues();
      if (!current.textHi?.trim() && !current.optionsHi?.some((option) => option?.trim())) return;
      const hindi = place === "text" ? ("textHi" as const) : (`optionsHi.${place}` as const);
      setValue(hindi, join(getValues(hindi), reference.hi), { shouldDirty: true });
    },
    [getValues, setValue],
  );

  function addOption() {
    setValue("options", [...getValues("options"), ""]);
    setValue("optionsHi", [...getValues("optionsHi"), ""]);
  }

  /** The option goes from both languages, and the correct ones after it move up with their options. */
  function removeOption(removed: number) {
    const without = (list: string[]) => list.filter((_, index) => index !== removed);
    const shifted = (index: string) => (Number(index) > removed ? String(Number(index) - 1) : index);
    setValue("options", without(getValues("options")));
    setValue("optionsHi", without(getValues("optionsHi")));
    const single = getValues("correctOptionIndex");
    setValue("correctOptionIndex", single === undefined || Number(single) === removed ? undefined : shifted(single));
    setValue("correctOptions", getValues("correctOptions").filter((index) => Number(index) !== removed).map(shifted));
  }

  const onSubmit = handleSubmit(async () => {
    setError(undefined);
    // The server refuses it too; here the admin is told before a round trip.
    const [problem] = previewProblems(preview);
    if (problem) return setError(problem);
    const body = requestBody(getValues());
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

  const fieldError = (name: "acceptedAnswers" | "answerMin" | "answerMax" | "tolerance" | "answerDecimals") => errors[name]?.message;
  const correctError = errors.correctOptionIndex?.message ?? errors.correctOptions?.message;

  return (
    <section aria-labelledby="question-form-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <FormHeading id="question-form-heading" takeFocus={takeFocus}>{question ? "Edit question" : "Add question"}</FormHeading>
      <FormMessage tone="success">{notice}</FormMessage>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextAreaField
          id="question-text"
          label="Question text"
          rows={3}
          hint="Markdown (**bold**, *italic*, lists, tables) and maths between $ signs: $x^2$ in a line, $$…$$ on lines of its own, $\ce{H2SO4}$ for chemistry; a $ not closed on its line is a dollar sign, and \$ always is. Images: upload them below."
          error={errors.text?.message}
          {...register("text")}
        />

        <Field id="question-subject" label="Subject" list={subjectListId} error={errors.subject?.message} {...register("subject")} />
        <datalist id={subjectListId}>
          {subjects.map((subject) => <option key={subject} value={subject} />)}
        </datalist>

        <div className="flex flex-col gap-1">
          <label htmlFor="question-type" className="text-sm font-medium text-slate-800">Answer type</label>
          <select id="question-type" className={inputClass} {...register("answerType")}>
            {Object.entries(ANSWER_TYPE_LABELS).map(([type, label]) => <option key={type} value={type}>{label}</option>)}
          </select>
        </div>

        {!typed && (
          <div className="flex flex-col gap-3">
            <div className="grid gap-4 sm:grid-cols-2">
              {options.map((_, index) => (
                <div key={index} className="flex items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <Field id={`question-option-${index}`} label={`${optionLabel(index)} text`} error={errors.options?.[index]?.message} {...register(`options.${index}`)} />
                  </div>
                  {options.length > MIN_OPTIONS && (
                    <button type="button" className={smallButtonClass} onClick={() => removeOption(index)}>
                      Remove<span className="sr-only"> {optionLabel(index)}</span>
                    </button>
                  )}
                </div>
              ))}
            </div>
            {errors.options?.message && <p role="alert" className="text-sm text-red-700">{errors.options.message}</p>}
            {options.length < MAX_OPTIONS && (
              <button type="button" className={`${secondaryButtonClass} self-start`} onClick={addOption}>Add an option</button>
            )}
          </div>
        )}

        {typed && (
          <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-medium text-slate-800">{answerType === "integer" ? "Integer answer" : "Numerical answer"}</legend>
            <Field
              id="question-accepted"
              label={answerType === "integer" ? "Accepted answers" : "Correct values"}
              hint={answerType === "integer" ? "Whole numbers, separated by commas: 42, or 42, 57 when either is right." : "Numbers of at most two decimals, such as 2.5; several are separated by commas."}
              error={fieldError("acceptedAnswers")}
              {...register("acceptedAnswers")}
            />
            {answerType === "numerical" && (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="question-tolerance" label="Tolerance (±)" inputMode="decimal" hint="How far an answer may be from the value and still be right, such as 0.01; blank for exactly." error={fieldError("tolerance")} {...register("tolerance")} />
                <div className="flex flex-col gap-1">
                  <label htmlFor="question-decimals" className="text-sm font-medium text-slate-800">Decimal places participants may type</label>
                  <select id="question-decimals" className={inputClass} aria-invalid={fieldError("answerDecimals") ? true : undefined} {...register("answerDecimals")}>
                    {["0", "1", "2"].map((places) => <option key={places} value={places}>{places}</option>)}
                  </select>
                  {fieldError("answerDecimals") && <p role="alert" className="text-sm text-red-700">{fieldError("answerDecimals")}</p>}
                </div>
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              {(["answerMin", "answerMax"] as const).map((name) => (
                <Field
                  key={name}
                  id={`question-${name}`}
                  label={`${name === "answerMin" ? "Smallest" : "Largest"} answer allowed${answerType === "numerical" ? " (optional)" : ""}`}
                  inputMode={answerType === "integer" ? "numeric" : "decimal"}
                  error={fieldError(name)}
                  {...register(name)}
                />
              ))}
            </div>
          </fieldset>
        )}

        <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4" aria-describedby="question-hindi-hint">
          <legend className="px-1 text-sm font-medium text-slate-800">Hindi version (optional)</legend>
          <p id="question-hindi-hint" className="-mt-2 text-sm text-slate-600">
            {typed
              ? "Participants who take the exam in Hindi see it. Give the question in Hindi, or leave it empty."
              : "Participants who take the exam in Hindi see it. Give the question and every option, in the same order as above, or leave them all empty."}
          </p>
          <TextAreaField id="question-text-hi" label="Question (Hindi)" lang="hi" rows={3} error={errors.textHi?.message} {...register("textHi")} />
          {!typed && (
            <div className="grid gap-4 sm:grid-cols-2">
              {options.map((_, index) => (
                <Field key={index} id={`question-option-hi-${index}`} label={hindiOptionLabel(index)} lang="hi" error={errors.optionsHi?.[index]?.message} {...register(`optionsHi.${index}`)} />
              ))}
            </div>
          )}
          {errors.optionsHi?.message && <p role="alert" className="text-sm text-red-700">{errors.optionsHi.message}</p>}
        </fieldset>

        <QuestionImagePicker onAdd={addImage} optionCount={typed ? 0 : options.length} />

        {!typed && (
          <fieldset aria-describedby={correctError ? "question-correct-error" : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">{answerType === "multiple" ? "Correct options (one or more)" : "Correct option"}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {options.map((_, index) => (
                <label key={`${answerType}-${index}`} className="flex items-center gap-2 text-slate-900">
                  {answerType === "multiple" ? (
                    <input type="checkbox" value={String(index)} className="size-4 accent-brand" {...register("correctOptions")} />
                  ) : (
                    <input type="radio" value={String(index)} className="size-4 accent-brand" {...register("correctOptionIndex")} />
                  )}
                  {optionLabel(index)}
                </label>
              ))}
            </div>
            {correctError && <p id="question-correct-error" role="alert" className="mt-1 text-sm text-red-700">{correctError}</p>}
          </fieldset>
        )}

        <QuestionPreview
          texts={{ text: values.text ?? "", options: typed ? [] : options, textHi: values.textHi ?? "", optionsHi: typed ? [] : (values.optionsHi ?? []) }}
          answer={previewAnswer(values)}
          onPreview={onPreview}
        />

        <FormMessage tone="error">{error}</FormMessage>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>{formState.isSubmitting ? "Saving…" : "Submit"}</button>
          <button type="button" className={secondaryButtonClass} onClick={() => onDone()}>Cancel</button>
        </div>
      </form>
    </section>
  );
}
