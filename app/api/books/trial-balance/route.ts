import { trialBalanceCsv } from "@/lib/books";
import { trialBalanceQuery } from "@/lib/books/schemas";
import { route } from "@/lib/http";

/** Admins: the trial balance of a date range (India days, inclusive) as CSV for the accountant. */
export const GET = route({ can: "books.read", does: "Reads the trial balance of the books", query: trialBalanceQuery }, async ({ actor, query }) => {
  const { csv, from, to } = await trialBalanceCsv(actor, query);
  return new Response(csv, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="trial-balance-${from}-to-${to}.csv"`, "cache-control": "no-store" },
  });
});
