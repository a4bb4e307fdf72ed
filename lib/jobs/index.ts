import "server-only";
import { service, step } from "@/lib/auth";
import { countQueues, refuseJobs as refuse, enqueue as send, enqueueMany as sendMany, enqueueOnce as sendOnce, enqueueWithin as sendWithin } from "./queue";

/** Background jobs on PostgreSQL (pg-boss): queueing work, and what admins see of the queues. */
export { jobQueue, pauseJobWorkers, startJobQueue, stopJobQueue, type QueueCounts } from "./queue";
export type { Mail, PushPayload } from "./payloads";
export { checkedJob, signedJob, type JobName, type JobPayloads } from "./signing";

/** Per queue: waiting (new or awaiting a retry), running, and failed for good (kept a week). */
export const queueCounts = service("jobs.view", async () => countQueues());

/** Queues a job: services call this after their own permission check. */
export const enqueue = step(send);
export const enqueueMany = step(sendMany);
export const enqueueOnce = step(sendOnce);
export const enqueueWithin = step(sendWithin);
/** Fails refused jobs for good, without their retries (the workers, after checking each job). */
export const refuseJobs = step(refuse);
