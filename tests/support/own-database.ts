import { inject } from "vitest";
import { createDatabase } from "./test-server";

/**
 * A database of the calling file's own, for tests the ledger check runs in: it sees every row, so
 * the run's shared database (where other files put whatever their tests need) would not do. Call
 * it inside vi.hoisted, before lib/config is imported: it reads DATABASE_URL once.
 */
export async function ownDatabase() {
  const adminUrl = inject("adminDatabaseUrl");
  const database = await createDatabase(adminUrl);
  process.env.DATABASE_URL = database.url;
  return { adminUrl, ...database };
}
