/** Applies pending migrations to the configured database, as its owner: for deployers who migrate once per release. */
import { openConfiguredDatabase, migrateDatabase } from "@/lib/db";

const connection = await openConfiguredDatabase({ login: "owner" });
try {
  await migrateDatabase(connection.pool);
  console.log("Migrations are up to date.");
} finally {
  await connection.close();
}
