import { z } from "zod";
import { route } from "@/lib/http";
import { importQuestions } from "@/lib/quizzes";

const importForm = z.object({
  file: z.instanceof(File, { error: "Choose a CSV file to import." }).refine((file) => file.size <= 2 * 1024 * 1024, "The CSV file must be at most 2 MB."),
});

/** 200 with the count, or 400 naming every bad row (and nothing stored); either way, what became of each row. */
export const POST = route({ can: "questions.edit", does: "Imports questions from CSV", form: importForm }, async ({ actor, form }) => {
  const result = await importQuestions(actor, await form.file.text());
  if (result.errors.length > 0) {
    return Response.json({ message: "Nothing was imported: fix the rows below and try again.", errors: result.errors, rows: result.rows }, { status: 400 });
  }
  return { message: `${result.imported} questions imported.`, imported: result.imported, rows: result.rows };
});
