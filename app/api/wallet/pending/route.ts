import { route } from "@/lib/http";
import { pendingTransactionIds } from "@/lib/wallet";

/** The caller's payments still waiting for an admin: open pages poll it to refresh once one is decided. */
export const GET = route({ can: "wallet.read", does: "Lists the caller's payments still waiting for an admin" }, async ({ actor }) => ({ pending: await pendingTransactionIds(actor, actor.id) }));
