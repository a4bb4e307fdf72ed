"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useController, useForm, useWatch } from "react-hook-form";
import { Field, FormMessage, TextAreaField, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { CASH_PRIZES_LAWFUL_CONFIRM } from "@/lib/catalogue";
import type { QuizInput } from "@/lib/quizzes/schemas";
import { failureText } from "./adminUi";
import { FormHeading } from "./FormHeading";
import { QuestionPicker, type BankQuestion } from "./QuestionPicker";
import { PrizeTableFields } from "./PrizeTableFields";
import { QuizSections, type SectionBankQuestion } from "./QuizSections";
import { copiedQuizValues, newQuizValues, quizFormSchema, type ContestModelOption, type QuizFormValues } from "./quizFormValues";
import type { QuizListItem } from "./QuizList";

interface QuizFormProps {
  /** The quiz being edited, or null to create one. */
  quiz: QuizListItem | null;
  /** The quiz a new one is duplicated from: the form starts from its values. */
  copyOf: QuizListItem | null;
  bank: (BankQuestion & SectionBankQuestion)[];
  /** The three contest models, each with its line from configuration, its explanation and whether this site allows it. */
  contestModels: ContestModelOption[];
  notice?: string;
  takeFocus: boolean;
  onDone: (notice?: string) => void;
}

/** The marking scheme's two inputs; both fixed once registration opens. */
const MARKING_FIELDS = [
  { name: "marksPerQuestion", id: "quiz-marks", label: "Marks for a correct answer", hint: "Up to two decimals, like 2.5. A dropped question gives everyone these marks." },
  { name: "wrongAnswerMarks", id: "quiz-wrong-marks", label: "Marks deducted for a wrong answer", hint: "0 for no negative marking, or e.g. 0.25; an unanswered question scores 0." },
] as const;

export function QuizForm({ quiz, copyOf, bank, contestModels, notice, takeFocus, onDone }: QuizFormProps) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const startValues = quiz?.values ?? (copyOf ? copiedQuizValues(copyOf) : newQuizValues());
  const { register, handleSubmit, control, formState, setValue } = useForm<QuizFormValues, unknown, QuizInput>({
    resolver: zodResolver(quizFormSchema),
    defaultValues: startValues,
  });
  const prizesLocked = startValues.prizesLocked;
  const chosenModel = useWatch({ control, name: "contestModel" });
  // A model this site forbids is offered only to a quiz that already has it, or to its copy (saving it is refused, saying why).
  const offered = contestModels.filter((model) => model.allowed || model.value === startValues.contestModel);
  const questions = useController({ control, name: "questions" });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (body) => {
    setError(undefined);
    try {
      const result = quiz
        ? await callApi<{ message: string }>(`/api/updatequizes/${quiz.id}`, { method: "PUT", json: body })
        : await callApi<{ message: string }>("/api/addquizes", { json: body });
      onDone(result.message);
      router.refresh();
    } catch (caught) {
      // e.g. the dates out of order, or questions changed after participants started.
      setError(failureText(caught, quiz ? "Edit failed" : "Failed to add quiz"));
    }
  });

  return (
    <section aria-labelledby="quiz-form-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <FormHeading id="quiz-form-heading" takeFocus={takeFocus}>{quiz ? `Edit quiz: ${quiz.title}` : copyOf ? `Duplicate quiz: ${copyOf.title}` : "Add quiz"}</FormHeading>
      <FormMessage tone="success">{notice}</FormMessage>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field id="quiz-title" label="Title" error={errors.title?.message} {...register("title")} />
        <Field id="quiz-name" label="Short name" hint="Optional; the title is used when blank." error={errors.name?.message} {...register("name")} />
        <Field id="quiz-title-hi" label="Title (Hindi)" hint="Optional; Hindi pages show the English title when blank." lang="hi" error={errors.titleHi?.message} {...register("titleHi")} />
        <div className="sm:col-span-2">
          <TextAreaField id="quiz-description" label="Description" rows={3} error={errors.description?.message} {...register("description")} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField id="quiz-description-hi" label="Description (Hindi)" hint="Optional; Hindi pages show the English description when blank." lang="hi" rows={3} error={errors.descriptionHi?.message} {...register("descriptionHi")} />
        </div>
        <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={errors.contestModel ? "quiz-model-error" : undefined}>
          <legend className="mb-2 font-semibold text-slate-900">Contest model</legend>
          <p className="text-sm text-slate-700">Pick how this quiz is run; none is chosen for you.</p>
          {offered.map((model) => (
            <label key={model.value} className="flex items-start gap-2 text-slate-900">
              <input type="radio" value={model.value} className="mt-1 size-4 accent-brand" {...register("contestModel")} />
              <span>
                <span className="font-medium">{model.label}</span>
                <span className="block text-sm text-slate-700">Shown to participants: {model.text}</span>
                <span className="block text-sm text-slate-700">
                  {model.explanation}
                  {!model.allowed && " Switched off on this site (CASH_PRIZES_ALLOWED): this quiz cannot be saved with it."}
                </span>
              </span>
            </label>
          ))}
          {errors.contestModel?.message && (
            <p id="quiz-model-error" role="alert" className="text-sm text-red-700">
              {errors.contestModel.message}
            </p>
          )}
          {chosenModel === "paid_cash" && (
            <div className="mt-1 rounded border border-amber-300 bg-amber-50 p-3">
              <label className="flex items-start gap-2 font-medium text-slate-900">
                <input
                  type="checkbox"
                  required
                  className="mt-1 size-4 accent-brand"
                  aria-invalid={errors.cashPrizesLawfulConfirmed ? true : undefined}
                  aria-describedby={errors.cashPrizesLawfulConfirmed ? "quiz-lawful-error" : undefined}
                  {...register("cashPrizesLawfulConfirmed")}
                />
                {CASH_PRIZES_LAWFUL_CONFIRM}
              </label>
              <p className="mt-1 text-sm text-slate-700">Asked on every save as paid entry with cash prizes, and recorded in the audit trail.</p>
              {errors.cashPrizesLawfulConfirmed?.message && (
                <p id="quiz-lawful-error" role="alert" className="mt-1 text-sm text-red-700">
                  {errors.cashPrizesLawfulConfirmed.message}
                </p>
              )}
            </div>
          )}
        </fieldset>
        <Field
          id="quiz-prize"
          label="Prize money (₹)"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          readOnly={prizesLocked}
          hint={prizesLocked ? "Fixed: registration has opened." : "The cash prizes in the prize table must add up to it."}
          error={errors.prizeMoney?.message}
          {...register("prizeMoney")}
        />
        <Field id="quiz-fee" label="Entry fee (₹)" type="number" min={0} step="any" inputMode="decimal" error={errors.entryFee?.message} {...register("entryFee")} />
        <Field id="quiz-capacity" label="Capacity" type="number" min={1} step={1} hint="Seats on offer; leave blank for unlimited." error={errors.capacity?.message} {...register("capacity")} />
        <Field id="quiz-duration" label="Duration (minutes)" type="number" min={1} step={1} error={errors.durationMinutes?.message} {...register("durationMinutes")} />
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-slate-900">Marking scheme</legend>
          {MARKING_FIELDS.map((field) => (
            <Field
              key={field.name}
              id={field.id}
              label={field.label}
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              readOnly={prizesLocked}
              hint={prizesLocked ? "Fixed: registration has opened." : field.hint}
              error={errors[field.name]?.message}
              {...register(field.name)}
            />
          ))}
        </fieldset>
        <Field
          id="quiz-objection-window"
          label="Objection window (hours)"
          type="number"
          min={1}
          step={1}
          hint="How long participants may object once the provisional answer key is published."
          error={errors.objectionWindowHours?.message}
          {...register("objectionWindowHours")}
        />

        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-slate-900">Dates (India time)</legend>
          <Field id="quiz-form-start" label="Registration start" type="datetime-local" error={errors.formStartDate?.message} {...register("formStartDate")} />
          <Field id="quiz-form-end" label="Registration end" type="datetime-local" error={errors.formEndDate?.message} {...register("formEndDate")} />
          <Field id="quiz-exam-start" label="Exam date" type="datetime-local" error={errors.examDate?.message} {...register("examDate")} />
          <Field
            id="quiz-exam-end"
            label="Exam end"
            type="datetime-local"
            hint="Optional; when blank the exam stays open for its duration plus an hour."
            error={errors.examEndDate?.message}
            {...register("examEndDate")}
          />
          <Field id="quiz-result" label="Result date" type="datetime-local" error={errors.resultDate?.message} {...register("resultDate")} />
        </fieldset>

        <PrizeTableFields control={control} register={register} errors={errors} locked={prizesLocked} />

        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="mb-2 font-semibold text-slate-900">Shuffling</legend>
          <label className="flex items-center gap-2 text-slate-900">
            <input type="checkbox" className="size-4 accent-brand" {...register("shuffleQuestions")} />
            Shuffle questions for each participant
          </label>
          <label className="flex items-center gap-2 text-slate-900">
            <input type="checkbox" className="size-4 accent-brand" {...register("shuffleOptions")} />
            Shuffle options within each question
          </label>
        </fieldset>

        <div className="sm:col-span-2">
          <QuestionPicker bank={bank} value={questions.field.value} onChange={questions.field.onChange} error={questions.fieldState.error?.message} />
        </div>

        <QuizSections control={control} register={register} setValue={setValue} errors={errors} bank={bank} locked={prizesLocked} />

        <div className="flex flex-col gap-3 sm:col-span-2">
          <FormMessage tone="error">{error}</FormMessage>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={primaryButtonClass} disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving…" : quiz ? "Save changes" : "Create quiz"}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => onDone()}>Cancel</button>
          </div>
        </div>
      </form>
    </section>
  );
}
