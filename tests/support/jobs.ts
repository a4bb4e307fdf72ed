import { afterAll, beforeAll } from "vitest";
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
