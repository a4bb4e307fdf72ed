import { route } from "@/lib/http/route";
import { exportQuestions } from "@/lib/questions/service";

export const GET = route({ auth: "admin" }, async () =>
  new Response(await exportQuestions(), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="questions.csv"', "cache-control": "no-store" },
  }),
);
