import { route } from "@/lib/http";
import { insightCsv } from "@/lib/insights";
import { insightCsvQuery } from "@/lib/insights/schemas";

/** Admins: one table of the Overview as a CSV download. */
export const GET = route({ can: "insights.view", does: "Exports a quiz's insights as CSV", query: insightCsvQuery }, async ({ actor, query }) => {
  const name = query.quiz ? `${query.table}-${query.quiz}` : query.table;
  return new Response(await insightCsv(actor, query.table, query.quiz), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="overview-${name}.csv"`, "cache-control": "no-store" },
  });
});
