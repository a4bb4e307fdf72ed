/** Writes a backup of the configured database: `npm run db:backup [-- FILE]`. */
import { backupDatabase } from "@/lib/backup";
import { runOnConfiguredDatabase } from "./support/database-command";

// The owner's login: pg_dump reads every schema, the job queue's included.
await runOnConfiguredDatabase(async (databaseUrl) => {
  const backup = await backupDatabase(databaseUrl, process.argv[2]);
  return `Backup written to ${backup.file}: ${formatBytes(backup.bytes)}, ${backup.format} format`;
}, "owner");

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
