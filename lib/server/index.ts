import "server-only";
import { checkPublicUrl, config } from "@/lib/config";
import { connectDatabase } from "@/lib/db";
import { jobQueue } from "@/lib/jobs";
import { log } from "@/lib/log";
import { seedIfEmpty } from "@/lib/seed";
import { installGracefulShutdown } from "./shutdown";
import { startJobWorkers } from "./workers";

/**
 * Brings one instance up before its first request: the public URL's check, the database
 * (embedded by default), migrations and the demo seed, the background-job workers, and the
 * graceful shutdown.
 */
export async function startServer(): Promise<void> {
  const warning = checkPublicUrl(config);
  if (warning) log.warn(warning);
  // Connecting applies the migrations; seeding is the only step left.
  const connection = await connectDatabase();
  await seedIfEmpty(connection.pool);
  await startJobWorkers(await jobQueue());
  installGracefulShutdown();
  // `npm start` with WEB_CONCURRENCY > 1 starts the other instances once the first one is ready.
  process.send?.({ instanceReady: true });
}

export { startJobWorkers } from "./workers";
