import "server-only";
import { and, eq } from "drizzle-orm";
import { transactions } from "@/db/schema";
import { authorize, service } from "@/lib/auth";
import { getDb } from "@/lib/db";

/**
 * A user's transactions still waiting for an admin. Pages showing one poll this, which is cheap,
 * and reload themselves only once an id drops out of it.
 */
export const pendingTransactionIds = service("wallet.read", async (actor, userId: string): Promise<string[]> => {
  authorize(actor, "wallet.read", userId);
  const db = await getDb();
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, "pending")));
  return rows.map((row) => row.id);
});
