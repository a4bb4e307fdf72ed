import "server-only";
import { connectDatabase } from "@/lib/db";
import { jobQueue } from "@/lib/jobs";
import { seedIfEmpty } from "@/lib/seed";
import { installGracefulShutdown } from "./shutdown";
import { startJobWorkers } from "./workers";

/**
 * Brings one instance up before its first request: the database (embedded by default),
 * migrations and the demo seed, the background-job workers, and the graceful shutdown.
 */
export async function startServer(): Promise<void> {
  // Connecting applies the migrations; seeding is the only step left.
  const connection = await connectDatabase();
  await seedIfEmpty(connection.pool);
  await startJobWorkers(await jobQueue());
  installGracefulShutdown();
}

export { startJobWorkers } from "./workers";
