import "server-only";
import { createHash } from "node:crypto";
import { Client } from "pg";
import PgBoss from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import { connectDatabase, JOB_QUEUE_SCHEMA, type DatabaseTransaction } from "@/lib/db";
import { errorFields, log } from "@/lib/log";
import { signedJob } from "./signing";
import type { JobName, JobPayloads } from "./signing";

/** Retries back off exponentially from retryDelay seconds; failed jobs stay visible to admins. */
const QUEUES: Record<JobName, Omit<PgBoss.Queue, "name">> = {
  // Runs every minute anyway, so a failed sweep is simply the next one's work.
  "exam.finalise-overdue-attempts": { retryLimit: 0, expireInSeconds: 120 },
  "push.fan-out": { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 },
  "push.deliver": { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  "mail.send": { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  "maintenance.delete-expired": { retryLimit: 2, retryDelay: 60, retryBackoff: true },
  // One waiting and one running at most: each instance's start asks for a run (lib/server/workers.ts).
  "questions.upgrade-rendering": { policy: "stately", retryLimit: 2, retryDelay: 60, retryBackoff: true },
  // Queues a mail per participant (20,000 take a while); safe to retry, it adds nothing twice.
  "results.announce": { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 },
};

const JOB_NAMES = Object.keys(QUEUES) as JobName[];

const FAILED_JOBS_VISIBLE_SECONDS = 7 * 24 * 60 * 60;

/**
 * A started pg-boss on the given database with every queue created. Instances starting at once
 * take turns: pg-boss 10 creates each queue's partition without a lock of its own, and two
 * instances doing so together deadlock.
 */
export async function startJobQueue(connectionString: string): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    schema: JOB_QUEUE_SCHEMA,
    max: 6,
    application_name: "olympiad-jobs",
    archiveFailedAfterSeconds: FAILED_JOBS_VISIBLE_SECONDS,
    // Its tables are installed and upgraded by the owner with the migrations (lib/db): the app's role only checks them.
    migrate: false,
  });
  boss.on("error", (error) => log.error(errorFields(error), "job queue error"));
  await withSetupLock(connectionString, async () => {
    await boss.start();
    for (const name of JOB_NAMES) await boss.createQueue(name, { name, ...QUEUES[name] });
  });
  return boss;
}

async function withSetupLock(connectionString: string, work: () => Promise<void>): Promise<void> {
  const client = new Client({ connectionString, application_name: "olympiad-jobs-setup" });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('olympiad.job-queue-setup'))");
    await work();
  } finally {
    await client.end();
  }
}

/**
 * This process's queue, kept on globalThis like the database connection: route modules and
 * instrumentation are separate module copies. Workers are started by instrumentation only;
 * anything else (scripts, tests) that enqueues just gets a started queue to send to.
 */
const QUEUE_KEY = Symbol.for("olympiad.job-queue");
const holder = globalThis as typeof globalThis & { [QUEUE_KEY]?: Promise<PgBoss> };

export function jobQueue(): Promise<PgBoss> {
  holder[QUEUE_KEY] ??= connectDatabase()
    .then((connection) => startJobQueue(connection.url))
    .catch((error: unknown) => {
      delete holder[QUEUE_KEY];
      throw error;
    });
  return holder[QUEUE_KEY];
}

export async function enqueue<Name extends JobName>(name: Name, data: JobPayloads[Name], options: PgBoss.SendOptions = {}): Promise<void> {
  await (await jobQueue()).send(name, signedJob(name, data), options);
}

/**
 * Queues a job inside the caller's transaction: it exists exactly when what it announces was
 * committed, so a crash between the commit and the queueing can never leave it untold.
 */
export async function enqueueWithin<Name extends JobName>(tx: DatabaseTransaction, name: Name, data: JobPayloads[Name]): Promise<void> {
  await (await jobQueue()).send(name, signedJob(name, data), { db: { executeSql: (text, values) => tx.execute(withParameters(text, values)) } });
}

/** pg-boss's positional SQL ($1, $2, …) as a drizzle statement with those values bound. */
function withParameters(text: string, values: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  return sql.join(pieces.map((piece, index) => (index % 2 === 0 ? sql.raw(piece) : sql.param(values[Number(piece) - 1]))));
}

export async function enqueueMany<Name extends JobName>(name: Name, payloads: JobPayloads[Name][]): Promise<void> {
  if (payloads.length > 0) await (await jobQueue()).insert(payloads.map((data) => ({ name, data: signedJob(name, data) })));
}

/** A UUID that is the same for the same key every time. */
function keyedId(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Queues each job under the id its key gives: queueing the same key again adds nothing while the
 * first job is kept (until pg-boss archives it, 12 hours after it completed).
 */
export async function enqueueOnce<Name extends JobName>(name: Name, jobs: { key: string; data: JobPayloads[Name] }[]): Promise<void> {
  if (jobs.length > 0) await (await jobQueue()).insert(jobs.map(({ key, data }) => ({ id: keyedId(`${name}:${key}`), name, data: signedJob(name, data) })));
}

/**
 * Fails jobs for good, each with the reason, without the retries their queue allows: a job refused
 * for what it is would be refused again, and retries of a flood of forged jobs would hold up the
 * queue's real work.
 */
export async function refuseJobs(boss: PgBoss, name: JobName, refusals: { id: string; reason: string }[]): Promise<void> {
  if (refusals.length === 0) return;
  const ids = refusals.map((refusal) => refusal.id);
  await boss.getDb().executeSql(`update ${JOB_QUEUE_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = any($2::uuid[])`, [name, ids]);
  for (const { id, reason } of refusals) await boss.fail(name, id, { refused: reason });
}

/** Stops fetching (a shutdown began): running jobs go on, and requests still queue new ones until the queue stops. */
export async function pauseJobWorkers(): Promise<void> {
  const boss = await holder[QUEUE_KEY]?.catch(() => undefined);
  for (const name of JOB_NAMES) await boss?.offWork(name);
}

/** Stops fetching, lets running jobs finish within the timeout, and closes the queue's pool. */
export async function stopJobQueue(timeoutMs: number): Promise<void> {
  const queue = holder[QUEUE_KEY];
  delete holder[QUEUE_KEY];
  if (!queue) return;
  const boss = await queue.catch(() => undefined);
  await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
}

export interface QueueCounts {
  queue: JobName;
  pending: number;
  active: number;
  failed: number;
}

/** Per queue: waiting (new or awaiting a retry), running, and failed for good (kept a week). */
export async function countQueues(): Promise<QueueCounts[]> {
  const boss = await jobQueue();
  const db = boss.getDb();
  const { rows } = await db.executeSql(
    `select name,
       count(*) filter (where state in ('created', 'retry'))::int as pending,
       count(*) filter (where state = 'active')::int as active,
       count(*) filter (where state = 'failed')::int as failed
     from ${JOB_QUEUE_SCHEMA}.job where name = any($1) group by name`,
    [JOB_NAMES],
  );
  const byName = new Map(rows.map((row: { name: JobName; pending: number; active: number; failed: number }) => [row.name, row]));
  return JOB_NAMES.map((queue) => ({ queue, pending: byName.get(queue)?.pending ?? 0, active: byName.get(queue)?.active ?? 0, failed: byName.get(queue)?.failed ?? 0 }));
}
