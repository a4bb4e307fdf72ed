import { afterAll, beforeAll, inject } from "vitest";
import { createDatabase, dropDatabase } from "./test-server";

/**
 * A database of the calling file's own, for tests the ledger check runs in: it sees every row, so
 * the run's shared database (where other files put whatever their tests need) would not do. Call
 * it inside vi.hoisted, before lib/config is imported: it reads DATABASE_URL once. The file must be
 * one of vitest.config.ts's OWN_MODULE_FILES, so that no other file shares its modules.
 */
export async function ownDatabase() {
  const adminUrl = inject("adminDatabaseUrl");
  const database = await createDatabase(adminUrl);
  process.env.DATABASE_URL = database.url;
  return { adminUrl, ...database };
}

/** Migrates and seeds the file's own database before its tests, and drops it after them. */
export function seededBeforeAndDroppedAfter(own: Awaited<ReturnType<typeof ownDatabase>>): void {
  // Imported here: lib/db reads lib/config, which must see the DATABASE_URL ownDatabase set.
  beforeAll(async () => {
    const [{ openDatabase }, { prepareDatabase }] = await Promise.all([import("@/lib/db"), import("@/lib/seed")]);
    const connection = openDatabase(own.ownerUrl, 2);
    await prepareDatabase(connection.pool);
    await connection.close();
  });
  afterAll(async () => {
    const { closeDatabase } = await import("@/lib/db");
    await closeDatabase();
    await dropDatabase(own.adminUrl, own.name);
  });
}
