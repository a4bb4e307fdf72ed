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
  let sweeper: ReturnType<typeof setInterval> | undefined;
  beforeAll(async () => {
    await startJobWorkers(await jobQueue());
    sweeper = setInterval(() => void dropStaleJobs().catch(() => undefined), 2_000);
  });
  afterAll(() => {
    clearInterval(sweeper);
    return stopJobQueue(5000);
  });
}

/**
 * Most test files queue mail and pushes without running workers, so their jobs pile up, and a
 * file that checks what its own job did would wait behind all of them. A job any worker can take
 * is fetched within a second or two; one still waiting after 15 s is such a leftover.
 */
async function dropStaleJobs(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`delete from pgboss.job where state = 'created' and start_after < now() - interval '15 seconds'`);
}

