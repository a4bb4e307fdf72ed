/** Seeds the demo data. Idempotent: running it again changes nothing. */
import { openConfiguredDatabase, migrateDatabase } from "@/lib/db";
import { seedDatabase } from "@/lib/seed";

// The owner's login: seeding migrates first.
const connection = await openConfiguredDatabase({ login: "owner" });
try {
  await migrateDatabase(connection.pool);
  await seedDatabase(connection.db);
  console.log("Seed data is in place.");
} finally {
  await connection.close();
}
