import { z } from "zod";
import { route } from "@/lib/http/route";
import { importQuestions } from "@/lib/questions/service";

const importForm = z.object({
  file: z.instanceof(File, { error: "Choose a CSV file to import." }).refine((file) => file.size <= 2 * 1024 * 1024, "The CSV file must be at most 2 MB."),
});

/** 200 with the count, or 400 naming every bad row (and nothing stored). */
export const POST = route({ auth: "admin", form: importForm }, async ({ user, form }) => {
  const result = await importQuestions(user, await form.file.text());
  if (result.errors.length > 0) {
    return Response.json({ message: "Nothing was imported: fix the rows below and try again.", errors: result.errors }, { status: 400 });
  }
  return { message: `${result.imported} questions imported.`, imported: result.imported };
});
