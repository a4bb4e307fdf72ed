import { z } from "zod";
import { route } from "@/lib/http";
import { exportQuestions, exportQuestionZip } from "@/lib/quizzes";

const exportQuery = z.object({ format: z.enum(["csv", "zip"], { error: "format must be 'csv' or 'zip'." }).default("csv") });

/** CSV (images named by id), or a ZIP of the CSV and the images, which another deployment imports as it is. */
export const GET = route({ can: "questions.edit", does: "Exports the question bank as CSV, or as a ZIP with its images", query: exportQuery }, async ({ actor, query }) => {
  const zip = query.format === "zip";
  const body = zip ? new Uint8Array(await exportQuestionZip(actor)) : await exportQuestions(actor);
  return new Response(body, {
    headers: {
      "content-type": zip ? "application/zip" : "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="questions.${query.format}"`,
      "cache-control": "no-store",
    },
  });
});
