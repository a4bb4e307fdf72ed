import { z } from "zod";
import type { listQuizzesForAdmin } from "@/lib/quizzes";
import { paiseToRupees } from "@/lib/money";
import { quizSchema } from "@/lib/quizzes/schemas";
import { fromIndiaInput, toIndiaInput } from "./indiaDateTime";

type AdminQuizRow = Awaited<ReturnType<typeof listQuizzesForAdmin>>[number];

/** What the quiz form's inputs hold: text, India-time datetime-local values and picked question ids. */
const quizFields = z.object({
  title: z.string(),
  name: z.string(),
  description: z.string(),
  prizeMoney: z.string(),
  entryFee: z.string(),
  capacity: z.string(),
  durationMinutes: z.string(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  objectionWindowHours: z.string(),
  formStartDate: z.string(),
  formEndDate: z.string(),
  examDate: z.string(),
  examEndDate: z.string(),
  resultDate: z.string(),
  questions: z.array(z.string()),
});

export type QuizFormValues = z.input<typeof quizFields>;

/** Blank number inputs must fail as missing, not pass as 0 (which Number("") would give). */
function blankToUndefined(value: string): string | undefined {
  return value.trim() === "" ? undefined : value;
}

/**
 * The inputs are turned into the API's body and checked with the API's own quizSchema, so the
 * browser and the server never disagree; the keys are the same, so errors land on their fields.
 */
export const quizFormSchema = quizFields
  .transform((values): z.input<typeof quizSchema> => ({
    ...values,
    name: blankToUndefined(values.name),
    prizeMoney: blankToUndefined(values.prizeMoney),
    entryFee: blankToUndefined(values.entryFee),
    // A blank capacity means unlimited seats.
    capacity: blankToUndefined(values.capacity) ?? null,
    durationMinutes: blankToUndefined(values.durationMinutes),
    objectionWindowHours: blankToUndefined(values.objectionWindowHours),
    formStartDate: fromIndiaInput(values.formStartDate),
    formEndDate: fromIndiaInput(values.formEndDate),
    examDate: fromIndiaInput(values.examDate),
    examEndDate: fromIndiaInput(values.examEndDate),
    resultDate: fromIndiaInput(values.resultDate),
  }))
  .pipe(quizSchema);

/** A new quiz starts from the spec's usual exam: 500 rupees, 30 minutes. */
export const NEW_QUIZ: QuizFormValues = {
  title: "",
  name: "",
  description: "",
  prizeMoney: "",
  entryFee: "500",
  capacity: "",
  durationMinutes: "30",
  shuffleQuestions: true,
  shuffleOptions: false,
  objectionWindowHours: "48",
  formStartDate: "",
  formEndDate: "",
  examDate: "",
  examEndDate: "",
  resultDate: "",
  questions: [],
};

export function quizFormValues(quiz: AdminQuizRow): QuizFormValues {
  return {
    title: quiz.title,
    name: quiz.name,
    description: quiz.description,
    prizeMoney: String(paiseToRupees(quiz.prizeMoneyPaise)),
    entryFee: String(paiseToRupees(quiz.entryFeePaise)),
    capacity: quiz.capacity === null ? "" : String(quiz.capacity),
    durationMinutes: String(Math.round(quiz.durationSeconds / 60)),
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    objectionWindowHours: String(quiz.objectionWindowHours),
    formStartDate: toIndiaInput(quiz.formStartAt),
    formEndDate: toIndiaInput(quiz.formEndAt),
    examDate: toIndiaInput(quiz.examStartAt),
    examEndDate: toIndiaInput(quiz.examEndAt),
    resultDate: toIndiaInput(quiz.resultAt),
    questions: quiz.questions,
  };
}
