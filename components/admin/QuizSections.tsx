"use client";

import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import type { AnswerType } from "@/lib/quizzes/schemas";
import { Field, inputClass, secondaryButtonClass } from "@/components/ui/form";
import { paperOf, type MarksGroup, type PaperSection, type QuizInput } from "@/lib/quizzes/schemas";
import { smallButtonClass } from "./adminUi";
import { newSectionValues, type QuizFormValues } from "./quizFormValues";

/** A bank question as the sections editor names it: its text and its kind. */
export interface SectionBankQuestion {
  id: string;
  text: string;
  answerType: AnswerType;
}

interface QuizSectionsProps {
  control: Control<QuizFormValues, unknown, QuizInput>;
  register: UseFormRegister<QuizFormValues>;
  setValue: UseFormSetValue<QuizFormValues>;
  errors: FieldErrors<QuizFormValues>;
  bank: readonly SectionBankQuestion[];
  /** Registration has opened: the marking is fixed, only the names may be corrected. */
  locked: boolean;
}

const TYPE_NAMES: Record<AnswerType, string> = { single: "Single correct", multiple: "One or more correct", integer: "Integer answer", numerical: "Numerical answer" };

/** Marks typed in a form, as a number for the preview (a blank or unfinished one counts 0 until it is a number). */
function typedMarks(value: string): number {
  const marks = Number(value);
  return value.trim() !== "" && Number.isFinite(marks) ? marks : 0;
}

function groupsText(groups: readonly MarksGroup[], sign: string): string {
  return groups.map((group) => `${sign}${group.marks}${groups.length > 1 ? ` on ${group.count}` : ""}`).join(", ");
}

/** A section's marking in one line, as the organiser checks it against the paper they set. */
function markingText(section: PaperSection): string {
  const parts = [`${groupsText(section.correct, "+")} for a correct answer`];
  parts.push(section.wrong.every((group) => group.marks === 0) ? "no negative marking" : `${groupsText(section.wrong, "−")} for a wrong one`);
  if (section.types.includes("multiple")) parts.push(section.partial === null ? "one or more correct: all or nothing" : `one or more correct: +${section.partial} per correct option of an incomplete choice`);
  if (section.unanswered !== 0) parts.push(`${section.unanswered} for one left unanswered`);
  return parts.join("; ");
}

/**
 * The quiz's sections: each with its name in both languages and its marking (correct, wrong,
 * unanswered, and partial marks for one or more correct), each picked question placed in one with
 * marks of its own if it has them, and a live preview of the paper they make. Without sections
 * every question takes the quiz's marking scheme.
 */
export function QuizSections({ control, register, setValue, errors, bank, locked }: QuizSectionsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "sections" });
  const [sections, picked, placement, marksPerQuestion, wrongAnswerMarks] = useWatch({ control, name: ["sections", "questions", "placement", "marksPerQuestion", "wrongAnswerMarks"] });
  const byId = new Map(bank.map((question) => [question.id, question]));
  const sectionsError = errors.sections?.message ?? errors.sections?.root?.message;

  const plans = sections.map((section, index) => ({
    name: section.name || `Section ${index + 1}`,
    nameHi: section.nameHi || null,
    marksCorrect: typedMarks(section.marksCorrect),
    marksWrong: typedMarks(section.marksWrong),
    marksUnanswered: typedMarks(section.marksUnanswered),
    marksPartial: section.partial ? typedMarks(section.marksPartial) : null,
    questions: picked
      .filter((questionId) => placement[questionId]?.section === String(index))
      .map((questionId) => ({
        questionId,
        type: byId.get(questionId)?.answerType,
        marksCorrect: placement[questionId].marksCorrect?.trim() ? typedMarks(placement[questionId].marksCorrect) : null,
        marksWrong: placement[questionId].marksWrong?.trim() ? typedMarks(placement[questionId].marksWrong) : null,
      })),
  }));
  const paper = paperOf(plans);
  // The questions of a removed section are in none; those of the sections after it keep theirs.
  const removeSection = (index: number) => {
    remove(index);
    for (const [questionId, place] of Object.entries(placement)) {
      const section = Number(place.section || Number.NaN);
      if (section === index) setValue(`placement.${questionId}.section`, "");
      if (section > index) setValue(`placement.${questionId}.section`, String(section - 1));
    }
  };
  const unplaced = picked.filter((questionId) => !placement[questionId]?.section).length;
  // The server reports a question's own marks at its place in its section (sections.i.questions.j).
  const questionErrors = (questionId: string) => {
    const index = Number(placement[questionId]?.section);
    const place = plans[index]?.questions.findIndex((question) => question.questionId === questionId) ?? -1;
    const sectionErrors = errors.sections?.[index] as { questions?: { marksCorrect?: { message?: string }; marksWrong?: { message?: string } }[] } | undefined;
    return place >= 0 ? sectionErrors?.questions?.[place] : undefined;
  };

  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="mb-2 font-semibold text-slate-900">Sections</legend>
      <p className="text-sm text-slate-700">
        {fields.length === 0
          ? "No sections: every question takes the marking scheme above. Add sections for a paper whose parts are marked differently (NSEP, JEE Advanced)."
          : "Each section has its own marking; each picked question goes into one section, and may have marks of its own (IOQM: 2, 3 or 5)."}
        {locked && " Registration has opened: the marking is fixed, only the names may be corrected."}
      </p>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const number = index + 1;
          const sectionErrors = errors.sections?.[index];
          return (
            <li key={field.id}>
              <fieldset className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
                <legend className="px-1 font-medium text-slate-900">{`Section ${number}`}</legend>
                <Field id={`quiz-section-${index}-name`} label={`Section ${number}: name`} error={sectionErrors?.name?.message} {...register(`sections.${index}.name`)} />
                <Field id={`quiz-section-${index}-name-hi`} label={`Section ${number}: name (Hindi)`} hint="Optional." lang="hi" error={sectionErrors?.nameHi?.message} {...register(`sections.${index}.nameHi`)} />
                <Field id={`quiz-section-${index}-correct`} label={`Section ${number}: marks for a correct answer`} type="number" min={0} step="0.01" inputMode="decimal" readOnly={locked} error={sectionErrors?.marksCorrect?.message} {...register(`sections.${index}.marksCorrect`)} />
                <Field id={`quiz-section-${index}-wrong`} label={`Section ${number}: marks deducted for a wrong answer`} type="number" min={0} step="0.01" inputMode="decimal" readOnly={locked} error={sectionErrors?.marksWrong?.message} {...register(`sections.${index}.marksWrong`)} />
                <Field id={`quiz-section-${index}-unanswered`} label={`Section ${number}: marks for an unanswered question`} type="number" min={0} step="0.01" inputMode="decimal" readOnly={locked} error={sectionErrors?.marksUnanswered?.message} {...register(`sections.${index}.marksUnanswered`)} />
                <div className="flex flex-col gap-2">
                  {/* Fixed: shown as text, not as a disabled input, which the form would send as no value. */}
                  {locked ? (
                    <p className="text-sm text-slate-900">{sections[index]?.partial ? `Partial marks: +${sections[index].marksPartial} per correct option chosen` : "One or more correct: all or nothing"}</p>
                  ) : (
                    <label className="flex items-center gap-2 text-sm text-slate-900">
                      <input type="checkbox" className="size-4 accent-brand" {...register(`sections.${index}.partial`)} />
                      {`Section ${number}: partial marks for one or more correct`}
                    </label>
                  )}
                  {sections[index]?.partial && !locked && (
                    <Field
                      id={`quiz-section-${index}-partial`}
                      label={`Section ${number}: partial marks per correct option chosen`}
                      type="number"
                      min={0}
                      step="0.01"
                      inputMode="decimal"
                      readOnly={locked}
                      hint="When only correct options are chosen, but not all of them (JEE Advanced: 1)."
                      error={sectionErrors?.marksPartial?.message}
                      {...register(`sections.${index}.marksPartial`)}
                    />
                  )}
                </div>
                {!locked && (
                  <button type="button" className={`${smallButtonClass} justify-self-start`} onClick={() => removeSection(index)}>
                    {`Remove section ${number}`}
                  </button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {!locked && (
        <button type="button" className={`${secondaryButtonClass} self-start`} onClick={() => append(newSectionValues(fields.length, marksPerQuestion, wrongAnswerMarks))}>
          Add section
        </button>
      )}
      {sectionsError && (
        <p role="alert" className="text-sm text-red-700">
          {sectionsError}
        </p>
      )}

      {fields.length > 0 && picked.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium text-slate-900">Questions in sections</h3>
          <ol className="flex flex-col gap-2">
            {picked.map((questionId, index) => {
              const question = byId.get(questionId);
              const number = index + 1;
              const own = questionErrors(questionId);
              return (
                <li key={questionId} className="grid items-end gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr]">
                  <p className="text-sm text-slate-900">
                    <span className="font-medium">{`Question ${number}: `}</span>
                    {question ? `${question.text} (${TYPE_NAMES[question.answerType]})` : "Not in the bank any more"}
                  </p>
                  {locked ? (
                    <p className="text-sm text-slate-900">{`Section: ${sections[Number(placement[questionId]?.section)]?.name ?? "none"}`}</p>
                  ) : (
                    <div className="flex flex-col gap-1">
                      <label htmlFor={`quiz-question-${index}-section`} className="text-sm font-medium text-slate-800">{`Question ${number}: section`}</label>
                      <select id={`quiz-question-${index}-section`} className={inputClass} {...register(`placement.${questionId}.section`)}>
                        <option value="">Choose a section</option>
                        {sections.map((section, sectionIndex) => (
                          <option key={fields[sectionIndex]?.id ?? sectionIndex} value={String(sectionIndex)}>
                            {section.name || `Section ${sectionIndex + 1}`}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                  <Field id={`quiz-question-${index}-correct`} label={`Question ${number}: own marks for a correct answer`} hint="Blank: the section's." type="number" min={0} step="0.01" inputMode="decimal" readOnly={locked} error={own?.marksCorrect?.message} {...register(`placement.${questionId}.marksCorrect`)} />
                  <Field id={`quiz-question-${index}-wrong`} label={`Question ${number}: own marks deducted for a wrong answer`} hint="Blank: the section's." type="number" min={0} step="0.01" inputMode="decimal" readOnly={locked} error={own?.marksWrong?.message} {...register(`placement.${questionId}.marksWrong`)} />
                </li>
              );
            })}
          </ol>
        </div>
      )}

      {fields.length > 0 && (
        <section aria-labelledby="quiz-paper-preview" className="rounded-lg border border-slate-200 bg-slate-50 p-3" aria-live="polite">
          <h3 id="quiz-paper-preview" className="font-medium text-slate-900">Paper preview</h3>
          <ol className="mt-2 flex flex-col gap-1 text-sm text-slate-800">
            {paper.sections.map((section, index) => (
              <li key={fields[index]?.id ?? index}>
                <span className="font-medium">{section.name}</span>
                {` · ${section.types.map((type) => TYPE_NAMES[type]).join(", ") || "no questions yet"} · ${section.questionCount} ${section.questionCount === 1 ? "question" : "questions"} · ${markingText(section)} · ${section.totalMarks} marks`}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-sm font-medium text-slate-900">{`Total: ${paper.totalMarks} marks in ${paper.questionCount} ${paper.questionCount === 1 ? "question" : "questions"}`}</p>
          {unplaced > 0 && <p className="mt-1 text-sm text-amber-800">{`${unplaced} picked ${unplaced === 1 ? "question is" : "questions are"} in no section yet.`}</p>}
        </section>
      )}
    </fieldset>
  );
}
