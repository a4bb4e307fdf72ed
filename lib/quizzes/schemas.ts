import { z } from "zod";
import { OPTION_INDEX_RANGE, DATES_OUT_OF_ORDER } from "@/lib/messages";

/** Shared by the admin's quiz form and /api/addquizes, /api/updatequizes. */

const date = (label: string) => z.coerce.date({ error: `${label} is required.` }).refine((value) => !Number.isNaN(value.getTime()), `${label} is not a valid date.`);
const rupees = (label: string) => z.coerce.number({ error: `${label} must be a number.` }).min(0, `${label} cannot be negative.`).max(10_000_000, `${label} is too large.`);

export const quizSchema = z
  .object({
    title: z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(120),
    name: z.string().trim().max(60).optional(),
    description: z.string().trim().max(2000).default(""),
    prizeMoney: rupees("Prize money"),
    entryFee: rupees("Entry fee"),
    capacity: z.coerce.number().int().min(1, "Capacity must be at least 1.").nullable().optional(),
    durationMinutes: z.coerce.number({ error: "Duration is required." }).int().min(1, "Duration must be at least 1 minute.").max(600),
    questionCount: z.coerce.number().int().min(1).max(500).optional(),
    shuffleQuestions: z.boolean().default(true),
    shuffleOptions: z.boolean().default(false),
    formStartDate: date("Registration start"),
    formEndDate: date("Registration end"),
    examDate: date("Exam date"),
    examEndDate: date("Exam end").optional(),
    resultDate: date("Result date"),
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

const required = (label: string) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(2000, `${label} is too long.`);

export const questionSchema = z.object({
  text: required("Question text"),
  subject: required("Subject").max(80, "Subject is too long."),
  options: z.tuple([required("Option 1"), required("Option 2"), required("Option 3"), required("Option 4")], { error: "Exactly four options are required." }),
  correctOptionIndex: z.coerce.number({ error: OPTION_INDEX_RANGE }).int(OPTION_INDEX_RANGE).min(0, OPTION_INDEX_RANGE).max(3, OPTION_INDEX_RANGE),
});

export type QuestionInput = z.output<typeof questionSchema>;

export const CSV_HEADER = ["text", "subject", "option1", "option2", "option3", "option4", "correctOptionIndex"] as const;
