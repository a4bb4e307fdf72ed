import { z } from "zod";
import { message } from "@/lib/catalogue";
import { route } from "@/lib/http";
import { importQuestions, importQuestionZip } from "@/lib/quizzes";

const ZIP_LIMIT_BYTES = 50 * 1024 * 1024;
const CSV_LIMIT_BYTES = 2 * 1024 * 1024;

/** A ZIP by its own first bytes ("PK\3\4"), whatever the file is called. */
async function isZip(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

const importForm = z.object({ file: z.instanceof(File, { error: "Choose a CSV or ZIP file to import." }) });

/**
 * A CSV, or a ZIP of one CSV and an images folder. 200 with the count, or 400 naming every bad row
 * (and nothing stored); either way, what became of each row.
 */
export const POST = route(
  { can: "questions.edit", does: "Imports questions from CSV, or from a ZIP of a CSV and its images", form: importForm, formLimit: { bytes: ZIP_LIMIT_BYTES, refusal: message("questionZipTooLarge") } },
  async ({ actor, form, say }) => {
    const zip = await isZip(form.file);
    if (!zip && form.file.size > CSV_LIMIT_BYTES) return Response.json({ message: "The CSV file must be at most 2 MB." }, { status: 400 });
    const result = zip ? await importQuestionZip(actor, Buffer.from(await form.file.arrayBuffer())) : await importQuestions(actor, await form.file.text());
    if (result.errors.length > 0) {
      return Response.json({ message: "Nothing was imported: fix the rows below and try again.", errors: result.errors, rows: result.rows }, { status: 400 });
    }
    return { message: say("questionsImported", { count: result.imported }), imported: result.imported, rows: result.rows };
  },
);
