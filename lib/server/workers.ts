import "server-only";
import type PgBoss from "pg-boss";
import { deleteExpiredRecords } from "@/lib/accounts";
import { SYSTEM } from "@/lib/auth";
import { finaliseOverdueAttempts } from "@/lib/exam";
import { errorFields, log } from "@/lib/log";
import { deliverMail } from "@/lib/mail";
import { countJob } from "@/lib/metrics";
import { deliverPushes, fanOutPush } from "@/lib/notifications";
import { upgradeStoredRenderings } from "@/lib/quizzes";
import { announceResults } from "@/lib/results";
import { checkedJob, refuseJobs, signedJob, type JobName, type JobPayloads } from "@/lib/jobs";

/** What a batch came to: output is kept on a lone job; failed jobs are retried, the rest completed. */
interface Outcome {
  output?: object;
  failed?: string[];
}

type Handler<Name extends JobName> = (jobs: PgBoss.Job<JobPayloads[Name]>[]) => Promise<Outcome | void>;

interface Worker<Name extends JobName> {
  /** Jobs fetched at once: many small pushes share one fetch; everything else goes one by one. */
  batchSize: number;
  /** Fetch loops per instance. */
  concurrency?: number;
  handle: Handler<Name>;
}

const WORKERS: { [Name in JobName]: Worker<Name> } = {
  "exam.finalise-overdue-attempts": {
    batchSize: 1,
    handle: async () => ({ output: { finalised: await finaliseOverdueAttempts(SYSTEM) } }),
  },
  "push.fan-out": {
    batchSize: 1,
    handle: async ([job]) => ({ output: { queued: await fanOutPush(SYSTEM, job.data.userIds, job.data.payload) } }),
  },
  "push.deliver": {
    batchSize: 250,
    concurrency: 4,
    handle: async (jobs) => {
      const outcomes = await deliverPushes(SYSTEM, jobs.map((job) => job.data));
      return { failed: jobs.filter((_, index) => outcomes[index] === "failed").map((job) => job.id) };
    },
  },
  "mail.send": {
    batchSize: 1,
    handle: async ([job]) => deliverMail(job.data),
  },
  "maintenance.delete-expired": {
    batchSize: 1,
    handle: async () => ({ output: await deleteExpiredRecords(SYSTEM) }),
  },
  "results.announce": {
    batchSize: 1,
    handle: async ([job]) => ({ output: await announceResults(SYSTEM, job.data.quizId, job.data.revision) }),
  },
  "questions.upgrade-rendering": {
    batchSize: 1,
    handle: async () => ({ output: await upgradeStoredRenderings(SYSTEM) }),
  },
};

/** Cron lines (UTC): pg-boss sends each scheduled job once per slot however many instances run. */
const SCHEDULES: Partial<Record<"exam.finalise-overdue-attempts" | "maintenance.delete-expired" | "questions.upgrade-rendering", string>> = {
  "exam.finalise-overdue-attempts": "* * * * *",
  "maintenance.delete-expired": "17 * * * *",
  // Hourly for the questions an open exam held back; the first run follows each start (below).
  "questions.upgrade-rendering": "41 * * * *",
};

const POLLING_INTERVAL_SECONDS = 1;

/**
 * The batch's jobs whose data the app signed and whose payload fits its job, as the handler takes
 * them; the rest are failed without running and logged by id and reason, never with their data
 * (a forged mail job's data may be an attacker's, or hold what it tried to reach).
 */
async function acceptedJobs(boss: PgBoss, name: JobName, jobs: PgBoss.Job<unknown>[]): Promise<PgBoss.Job<JobPayloads[JobName]>[]> {
  const accepted: PgBoss.Job<JobPayloads[JobName]>[] = [];
  const refused: { id: string; reason: string }[] = [];
  for (const job of jobs) {
    const checked = checkedJob(name, job.data);
    if ("payload" in checked) accepted.push({ ...job, data: checked.payload });
    else refused.push({ id: job.id, reason: checked.refused });
  }
  for (const { id, reason } of refused) log.error({ queue: name, job: id, reason }, "job refused without running: the app did not queue it as it stands");
  await refuseJobs(boss, name, refused);
  countJob(name, "failed", refused.length);
  return accepted;
}

/** Runs one fetched batch, keeping count; a throw fails the whole batch for pg-boss to retry. */
async function runBatch(boss: PgBoss, name: JobName, worker: Worker<JobName>, fetched: PgBoss.Job<unknown>[]) {
  const jobs = await acceptedJobs(boss, name, fetched);
  if (jobs.length === 0) return undefined;
  try {
    const { output, failed = [] } = (await worker.handle(jobs)) ?? {};
    // Failing these first leaves only the rest of the batch for pg-boss to complete.
    if (failed.length > 0) await boss.fail(name, failed);
    countJob(name, "completed", jobs.length - failed.length);
    countJob(name, "failed", failed.length);
    return output;
  } catch (error) {
    countJob(name, "failed", jobs.length);
    log.warn({ queue: name, jobs: jobs.length, ...errorFields(error) }, "job failed; the queue retries it with back-off");
    throw error;
  }
}

/** Every instance works every queue; pg-boss hands each job to exactly one of them. */
export async function startJobWorkers(boss: PgBoss): Promise<void> {
  for (const name of Object.keys(WORKERS) as JobName[]) {
    const worker = WORKERS[name] as Worker<JobName>;
    const options = { batchSize: worker.batchSize, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS };
    for (let loop = 0; loop < (worker.concurrency ?? 1); loop++) {
      await boss.work<unknown>(name, options, (jobs) => runBatch(boss, name, worker, jobs));
    }
  }
  for (const [name, cron] of Object.entries(SCHEDULES) as [keyof typeof SCHEDULES, string][]) await boss.schedule(name, cron, signedJob(name, {}));
  // A deploy whose renderer adds something gives it to stored questions now, not at the next hour;
  // its queue keeps one such job waiting at a time however many instances start.
  await boss.send("questions.upgrade-rendering", signedJob("questions.upgrade-rendering", {}));
}
