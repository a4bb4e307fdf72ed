/** Restores a backup into the configured database, which must be empty: `npm run db:restore -- FILE`. */
import { restoreDatabase } from "@/lib/backup";
import { runOnConfiguredDatabase } from "./support/database-command";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore -- FILE");
  process.exit(2);
}

await runOnConfiguredDatabase(async (databaseUrl) => `Restored ${file} (${await restoreDatabase(databaseUrl, file)} format)`, "owner");
