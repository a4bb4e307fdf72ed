import { z } from "zod";

/** Shared by the admin's question form, the CSV import and /api/addquestions, /api/updatequestions. */
export const OPTION_INDEX_RANGE = "The correct option index must be between 0 and 3.";

const required = (label: string) => z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(2000, `${label} is too long.`);

export const questionSchema = z.object({
  text: required("Question text"),
  subject: required("Subject").max(80, "Subject is too long."),
  options: z.tuple([required("Option 1"), required("Option 2"), required("Option 3"), required("Option 4")], { error: "Exactly four options are required." }),
  correctOptionIndex: z.coerce.number({ error: OPTION_INDEX_RANGE }).int(OPTION_INDEX_RANGE).min(0, OPTION_INDEX_RANGE).max(3, OPTION_INDEX_RANGE),
});

export type QuestionInput = z.output<typeof questionSchema>;

export const CSV_HEADER = ["text", "subject", "option1", "option2", "option3", "option4", "correctOptionIndex"] as const;
