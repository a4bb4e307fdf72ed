/** Writes a backup of the configured database: `npm run db:backup [-- FILE]`. */
import { backupDatabase } from "@/lib/backup";
import { openConfiguredDatabase } from "@/lib/db";

const started = performance.now();
// With the embedded database, a running app keeps its server: the backup connects to it.
const connection = await openConfiguredDatabase({ shareRunningServer: true });
try {
  const { connectionString } = connection.pool.options as { connectionString: string };
  const backup = await backupDatabase(connectionString, process.argv[2]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backup written to ${backup.file} (${formatBytes(backup.bytes)}, ${backup.format} format, ${seconds} s).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await connection.close();
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
