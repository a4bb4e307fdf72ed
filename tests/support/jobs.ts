import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { getDb } from "@/lib/db";
import { jobQueue, stopJobQueue } from "@/lib/jobs";
import { startJobWorkers } from "@/lib/server";

/**
 * For a test file whose calls queue work (mail, push) and that checks what the work did. Call it
 * after the file's afterAll(closeDatabase): later hooks run first, so running jobs finish before.
 */
export function runJobWorkers(): void {
  beforeAll(async () => {
    await startJobWorkers(await jobQueue());
  });
  afterAll(() => stopJobQueue(5000));
}

/**
 * Drops the jobs of `queue` still waiting. Most test files queue pushes without running workers,
 * so by the time a file that checks delivery starts its workers, its own job may wait behind
 * hundreds of theirs. Only a file that checks what the queue delivers should call this.
 */
export async function dropWaitingJobs(queue: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`delete from pgboss.job where name = ${queue} and state = 'created'`);
}
