import { z } from "zod";
import { route } from "@/lib/http";
import { listTransactions } from "@/lib/wallet";

/** Anything but a page number shows the first page, as before. */
const historyQuery = z.object({ page: z.string().optional().transform((page) => Math.max(1, Math.floor(Number(page)) || 1)) });

export const GET = route({ can: "wallet.read", query: historyQuery }, async ({ actor, query }) => listTransactions(actor, actor.id, query.page));
