import "server-only";
import { checkPublicUrl, config } from "@/lib/config";
import { closeDatabase, connectDatabase } from "@/lib/db";
import { examStartLine, examStartSegments } from "@/lib/exam";
import { openFrontDoor, type DoorRoute } from "@/lib/http";
import { jobQueue } from "@/lib/jobs";
import { errorFields, log } from "@/lib/log";
import { seedIfEmpty } from "@/lib/seed";
import { sweepStorage } from "@/lib/storage";
import { installGracefulShutdown } from "./shutdown";
import { startJobWorkers } from "./workers";

/**
 * Brings one instance up before its first request: the public URL's check, the database
 * (embedded by default), migrations and the demo seed, the background-job workers, and the
 * graceful shutdown; beside them, the sweep of what a crash left in local storage. Last, the exam
 * start line in front of Next, and the routes (`served`) the door answers itself.
 */
export async function startServer(served: readonly DoorRoute[] = []): Promise<void> {
  const warning = checkPublicUrl(config);
  if (warning) log.warn(warning);
  void sweepStorage().catch((error: unknown) => log.error(errorFields(error), "storage: the sweep after a crash failed"));
  try {
    // Connecting applies the migrations; seeding is the only step left.
    const connection = await connectDatabase();
    await seedIfEmpty(connection.pool);
    await startJobWorkers(await jobQueue());
  } catch (error) {
    // The process exits next (instrumentation): an embedded database it started must not outlive it.
    await closeDatabase().catch(() => undefined);
    throw error;
  }
  installGracefulShutdown();
  openFrontDoor({ guards: examStartSegments, admit: examStartLine }, served);
  // `npm start` with WEB_CONCURRENCY > 1 starts the other instances once the first one is ready.
  process.send?.({ instanceReady: true });
}

export { startJobWorkers } from "./workers";
