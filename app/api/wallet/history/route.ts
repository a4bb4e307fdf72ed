import { z } from "zod";
import { route } from "@/lib/http";
import { pageQuery } from "@/lib/validation";
import { listTransactions } from "@/lib/wallet";

const historyQuery = z.object({ page: pageQuery });

export const GET = route({ can: "wallet.read", query: historyQuery }, async ({ actor, query }) => listTransactions(actor, actor.id, query.page));
