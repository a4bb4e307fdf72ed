/**
 * Sending one notification to N subscribers (default 10,000): how long the admin's request
 * takes (the in-app rows and the queued fan-out job), and how long this process's job workers
 * take to drain the web-push deliveries against a local push endpoint. Uses a scratch
 * database on TEST_POSTGRES_URL's server.
 *
 *   npm run bench:notify -- [--subscribers 10000]
 */
import { createServer } from "node:http";
import { parseArgs } from "node:util";

import { createDatabase, dropDatabase, freePort } from "../tests/support/test-server";

// lib/config reads the environment once, when lib/* is first imported below, after DATABASE_URL
// names the scratch database: the local push endpoint is http on 127.0.0.1, allowed for
// development and tests only.
process.env.PUSH_ALLOW_LOCAL_ENDPOINTS ??= "true";

const { values: args } = parseArgs({ options: { subscribers: { type: "string", default: "10000" } } });
const SUBSCRIBERS = Number(args.subscribers);

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const database = await createDatabase(adminUrl);
process.env.DATABASE_URL = database.url;
process.env.MIGRATION_DATABASE_URL = database.ownerUrl;
let received = 0;
const pushService = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    received++;
    response.writeHead(201).end();
  });
});
const pushPort = await freePort();
await new Promise<void>((resolve) => pushService.listen(pushPort, "127.0.0.1", resolve));

try {
  const { closeDatabase, getDb } = await import("@/lib/db");
  const { sql } = await import("drizzle-orm");
  const { sendNotification } = await import("@/lib/notifications");
  const { jobQueue, queueCounts, stopJobQueue } = await import("@/lib/jobs");
  const { startJobWorkers } = await import("@/lib/server");
  const { SYSTEM } = await import("@/lib/auth");
  // The admin pressing "send"; the service needs no row of theirs.
  const admin = { id: "", name: "Bench admin", email: "", role: "admin" as const };
  const queue = await jobQueue();
  const db = await getDb();
  await db.execute(sql`
    insert into users (name, email, referral_code)
    select 'Listener ' || n, 'listener-' || n || '@example.test', 'L' || lpad(n::text, 9, '0') from generate_series(1, ${SUBSCRIBERS}) n`);
  // Real browsers' keys: web-push needs a valid P-256 public key to encrypt for.
  const webpush = (await import("web-push")).default;
  const { publicKey } = webpush.generateVAPIDKeys();
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    select id, ${`http://127.0.0.1:${pushPort}/push/`} || id, ${publicKey}, 'c2VjcmV0c2VjcmV0MTIzNA' from users where email like 'listener-%'`);

  const started = performance.now();
  const sent = await sendNotification(admin, { title: "Exam tomorrow", body: "Starts at 10:00 IST", target: "all" });
  const answered = performance.now() - started;
  await startJobWorkers(queue);
  const outstanding = async () => (await queueCounts(SYSTEM)).filter((counts) => counts.queue.startsWith("push.")).reduce((sum, counts) => sum + counts.pending + counts.active, 0);
  while ((await outstanding()) > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  const drained = performance.now() - started;
  const failed = (await queueCounts(SYSTEM)).find((counts) => counts.queue === "push.deliver")?.failed ?? 0;
  console.log(`${SUBSCRIBERS} subscribers: request answered in ${answered.toFixed(0)} ms (${sent.recipients} in-app notifications stored, fan-out queued)`);
  console.log(`push fan-out drained in ${(drained / 1000).toFixed(1)} s: the push service received ${received}, ${failed} deliveries failed`);
  await stopJobQueue(5000);
  await closeDatabase();
} finally {
  pushService.close();
  await dropDatabase(adminUrl, database.name);
}
