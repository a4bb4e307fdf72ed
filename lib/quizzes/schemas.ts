import { z } from "zod";
import { OPTION_INDEX_RANGE, DATES_OUT_OF_ORDER } from "@/lib/messages";
import { instant, rupees, text, wholeNumber } from "@/lib/validation";

/** Shared by the admin's quiz form and /api/addquizes, /api/updatequizes. */

/** Up to one crore: far above any prize or fee, and well inside the paise column. */
const quizRupees = (label: string) => rupees(label, { allowZero: true, maxRupees: 10_000_000 });

export const quizSchema = z
  .object({
    title: text("Title", "Title is required.").trim().min(1, "Title is required.").max(120, "The title must be at most 120 characters."),
    name: text("Short name").trim().max(60, "The short name must be at most 60 characters.").optional(),
    description: text("Description").trim().max(2000, "The description must be at most 2000 characters.").default(""),
    prizeMoney: quizRupees("Prize money"),
    entryFee: quizRupees("Entry fee"),
    capacity: wholeNumber("Capacity", { min: 1, max: 1_000_000 }).nullable().optional(),
    durationMinutes: wholeNumber("Duration", { min: 1, max: 600, message: "Duration must be from 1 to 600 minutes." }),
    questionCount: wholeNumber("The number of questions", { min: 1, max: 500 }).optional(),
    shuffleQuestions: z.boolean().default(true),
    shuffleOptions: z.boolean().default(false),
    /** How long participants may object once the provisional answer key is published. */
    objectionWindowHours: wholeNumber("The objection window", { min: 1, max: 720, message: "The objection window must be from 1 to 720 hours." }).default(48),
    formStartDate: instant("Registration start"),
    formEndDate: instant("Registration end"),
    examDate: instant("Exam date"),
    examEndDate: instant("Exam end").optional(),
    resultDate: instant("Result date"),
    questions: z.array(z.uuid("Unknown question.")).max(500).default([]),
  })
  .refine(
    (quiz) => quiz.formStartDate <= quiz.formEndDate && quiz.formEndDate <= quiz.examDate && quiz.examDate <= quiz.resultDate,
    { message: DATES_OUT_OF_ORDER, path: ["formStartDate"] },
  )
  .refine((quiz) => !quiz.examEndDate || (quiz.examEndDate > quiz.examDate && quiz.examEndDate <= quiz.resultDate), {
    message: "The exam must end after it starts and no later than the result date.",
    path: ["examEndDate"],
  })
  .refine((quiz) => new Set(quiz.questions).size === quiz.questions.length, { message: "A question can be picked only once.", path: ["questions"] });

export type QuizInput = z.output<typeof quizSchema>;


/** Shared by the admin's question form, the CSV import and /api/addquestions, /api/updatequestions. */

const required = (label: string) => text(label).trim().min(1, `${label} is required.`).max(2000, `${label} is too long.`);

export const questionSchema = z.object({
  text: required("Question text"),
  subject: required("Subject").max(80, "Subject is too long."),
  options: z.tuple([required("Option 1"), required("Option 2"), required("Option 3"), required("Option 4")], { error: "Exactly four options are required." }),
  correctOptionIndex: wholeNumber("The correct option index", { min: 0, max: 3, message: OPTION_INDEX_RANGE }),
});

export type QuestionInput = z.output<typeof questionSchema>;

export const CSV_HEADER = ["text", "subject", "option1", "option2", "option3", "option4", "correctOptionIndex"] as const;
