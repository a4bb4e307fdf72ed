import { sql } from "drizzle-orm";
import { getDb, type Queryable } from "@/lib/db";

/**
 * What a database insider with the superuser login can do (the tests connect as one): edits with
 * every trigger switched off for the transaction, as a tampering the checks must still catch.
 */
export async function asInsider<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    return work(tx);
  });
}
