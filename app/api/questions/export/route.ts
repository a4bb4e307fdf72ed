import { route } from "@/lib/http";
import { exportQuestions } from "@/lib/quizzes";

export const GET = route({ can: "questions.edit", does: "Exports the question bank as CSV" }, async ({ actor }) =>
  new Response(await exportQuestions(actor), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="questions.csv"', "cache-control": "no-store" },
  }),
);
