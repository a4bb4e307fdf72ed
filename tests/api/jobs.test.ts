import { createServer } from "node:http";
import { sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import webpush from "web-push";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { GET as jobs } from "@/app/api/jobs/route";
import { POST as sendNotification } from "@/app/api/notifications/send-notification/route";
import { closeDatabase, getDb } from "@/lib/db";
import { startExam } from "@/lib/exam";
import { enqueue, enqueueWithin, signedJob, startJobQueue } from "@/lib/jobs";
import { startJobWorkers } from "@/lib/server";
import { markPaid, openExam } from "../support/exam";
import { call } from "../support/http";
import { freePort } from "../support/test-server";
import { admin, participant } from "../support/users";

const instances: PgBoss[] = [];
afterAll(async () => {
  await Promise.all(instances.map((boss) => boss.stop({ graceful: true, wait: true, timeout: 5000 })));
  await closeDatabase();
});

/** A second (and third) app instance's queue: its own pg-boss and workers on the same database. */
async function instance(): Promise<PgBoss> {
  const boss = await startJobQueue(inject("databaseUrl"));
  instances.push(boss);
  await startJobWorkers(boss);
  return boss;
}

const SWEEP = "exam.finalise-overdue-attempts";

describe("background jobs with two instances", () => {
  it("finalises an overdue attempt exactly once while both instances sweep at the same moment", async () => {
    const [first, second] = [await instance(), await instance()];
    const { quiz, questionIds } = await openExam({ correct: 1 });
    const user = await participant();
    await markPaid(user, quiz.id);
    const view = await startExam(user, quiz.id);
    const db = await getDb();
    await db.execute(sql`insert into attempt_answers (attempt_id, question_id, selected_option_index, answered_at) values (${view.attemptId}, ${questionIds[0]}, 1, now())`);
    await db.execute(sql`update attempts set started_at = now() - interval '2 hours', deadline_at = now() - interval '1 minute' where id = ${view.attemptId}`);

    const sent = await Promise.all([first, second, first, second].map((boss) => boss.send(SWEEP, signedJob(SWEEP, {}))));
    await vi.waitFor(
      async () => {
        const { rows } = await db.execute<{ open: number }>(sql`select count(*)::int as open from pgboss.job where id = any(${`{${sent.join(",")}}`}::uuid[]) and state <> 'completed'`);
        expect(rows[0].open).toBe(0);
      },
      { timeout: 15_000, interval: 100 },
    );

    // Every sweep lists the attempts it finalised (the minutely schedule may have run one too).
    const { rows } = await db.execute<{ sweeps: number }>(sql`
      select count(*)::int as sweeps from pgboss.job where name = ${SWEEP} and output -> 'finalised' ? ${view.attemptId}`);
    expect(rows[0].sweeps).toBe(1);
    const [attempt] = (await db.execute<{ score: number; on_time: boolean }>(sql`select score::int as score, submitted_at = deadline_at as on_time from attempts where id = ${view.attemptId}`)).rows;
    expect(attempt).toEqual({ score: 1, on_time: true });
  });

  it("retries a push the push service refused, later, and only that one", async () => {
    await instance();
    const [boss, refused, accepted] = [await admin(), await participant(), await participant()];
    let served = 0;
    const pushService = createServer((request, response) => {
      request.resume();
      served++;
      response.writeHead(request.url?.includes(refused.id) ? 503 : 201).end();
    });
    const port = await freePort();
    await new Promise<void>((resolve) => pushService.listen(port, "127.0.0.1", resolve));
    try {
      const db = await getDb();
      const { publicKey } = webpush.generateVAPIDKeys();
      for (const user of [refused, accepted]) {
        await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${user.id}, ${`http://127.0.0.1:${port}/push/${user.id}`}, ${publicKey}, 'c2VjcmV0c2VjcmV0MTIzNA')`);
      }
      for (const user of [refused, accepted]) {
        expect((await call(sendNotification, { as: boss, json: { title: "Results are out", body: "See the leaderboard", target: "user", userId: user.id } })).status).toBe(200);
      }
      const deliveries = async () =>
        (await db.execute<{ user_id: string; state: string; retry_in_seconds: number }>(sql`
          select s.user_id, j.state, extract(epoch from j.start_after - now())::int as retry_in_seconds
          from pgboss.job j join push_subscriptions s on s.id = (j.data ->> 'subscriptionId')::uuid
          where j.name = 'push.deliver' and s.user_id in (${refused.id}, ${accepted.id})`)).rows;
      await vi.waitFor(async () => expect((await deliveries()).map((row) => row.state).sort()).toEqual(["completed", "retry"]), { timeout: 15_000, interval: 100 });
      const retried = (await deliveries()).find((row) => row.state === "retry")!;
      expect(retried.user_id).toBe(refused.id);
      // Back-off: the first retry waits about retryDelay (30 s), not a polling interval.
      expect(retried.retry_in_seconds).toBeGreaterThan(10);
      expect(served).toBe(2);
    } finally {
      pushService.close();
    }
  });

  it("shows admins what is pending and what failed for good", async () => {
    const db = await getDb();
    await enqueue("mail.send", { to: "someone@example.test", subject: "Held back", text: "Waits a day" }, { startAfter: 24 * 60 * 60 });
    await db.execute(sql`
      insert into pgboss.job (name, data, state, retry_limit, retry_count) values ('push.deliver', '{}', 'failed', 5, 5)`);
    const response = await call(jobs, { as: await admin() });
    expect(response.status).toBe(200);
    const queues = (response.body as { queues: { queue: string; pending: number; failed: number }[] }).queues;
    expect(queues.find((queue) => queue.queue === "mail.send")?.pending).toBeGreaterThanOrEqual(1);
    expect(queues.find((queue) => queue.queue === "push.deliver")?.failed).toBeGreaterThanOrEqual(1);
    expect((await call(jobs, { as: await participant() })).status).toBe(403);
  });

  it("queues a job inside a transaction: it exists exactly when the transaction commits", async () => {
    const db = await getDb();
    const [rolledBack, committed] = [crypto.randomUUID(), crypto.randomUUID()];
    const queued = async (quizId: string) => (await db.execute(sql`select 1 from pgboss.job where name = 'results.announce' and data->>'quizId' = ${quizId}`)).rows.length;
    await expect(
      db.transaction(async (tx) => {
        await enqueueWithin(tx, "results.announce", { quizId: rolledBack, revision: 1 });
        throw new Error("the publication failed after queueing");
      }),
    ).rejects.toThrow("the publication failed");
    await db.transaction((tx) => enqueueWithin(tx, "results.announce", { quizId: committed, revision: 1 }));
    expect([await queued(rolledBack), await queued(committed)]).toEqual([0, 1]);
    await db.execute(sql`delete from pgboss.job where name = 'results.announce' and data->>'quizId' = ${committed}`);
  });
});
