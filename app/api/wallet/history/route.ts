import { z } from "zod";
import { route } from "@/lib/http";
import { pageQuery } from "@/lib/validation";
import { listTransactions, specTransaction } from "@/lib/wallet";

const historyQuery = z.object({ page: pageQuery });

/** SPEC's "transactions list", as pages: each row with SPEC's names as well. */
export const GET = route({ can: "wallet.read", does: "Lists the caller's wallet transactions", query: historyQuery }, async ({ actor, query }) => {
  const history = await listTransactions(actor, actor.id, query.page);
  return { ...history, rows: history.rows.map(specTransaction) };
});
