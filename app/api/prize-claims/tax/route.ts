import { route } from "@/lib/http";
import { taxWithheldCsv } from "@/lib/payouts";
import { quarterSchema } from "@/lib/payouts/schemas";

export const GET = route({ can: "prizes.review", does: "Exports the tax withheld on prizes by quarter", query: quarterSchema }, async ({ actor, query }) =>
  new Response(await taxWithheldCsv(actor, query.quarter), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="tax-withheld-${query.quarter.label.replace(" ", "-")}.csv"`,
      "cache-control": "no-store",
    },
  }),
);
