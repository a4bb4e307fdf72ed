import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, expect, it, vi } from "vitest";

/**
 * The app's default set-up (no DATABASE_URL): its own embedded server, on a data directory and
 * port of this file's own (never the run's shared server), killed with -9 while participants save.
 */
const { dataDir } = await vi.hoisted(async () => {
  const { chmodSync, mkdtempSync } = await import("node:fs");
  const net = await import("node:net");
  const os = await import("node:os");
  const { join } = await import("node:path");
  const directory = mkdtempSync(join(os.tmpdir(), "olympiad-outage-"));
  chmodSync(directory, 0o755);
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  // lib/config reads these once, on first import: the static imports below come after.
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = directory;
  process.env.EMBEDDED_DATABASE_PORT = String(port);
  return { dataDir: directory };
});

import { closeDatabase, connectDatabase, getDb } from "@/lib/db";
import { seedIfEmpty } from "@/lib/seed";
import { participantsSavingAnswers, until, watchReadiness } from "../support/outage";

let exam: Awaited<ReturnType<typeof participantsSavingAnswers>> | undefined;

afterAll(async () => {
  await exam?.stop();
  await closeDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

async function answers(): Promise<boolean> {
  try {
    await (await getDb()).execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

function postmasterPid(): number | undefined {
  try {
    return Number.parseInt(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0], 10);
  } catch {
    return undefined;
  }
}

/**
 * A query that runs for a minute (an admin's report, say): its backend outlives a killed
 * postmaster until the query ends, holding the server's shared memory.
 */
async function longQuery(url: string): Promise<() => Promise<void>> {
  // Bounded, should a failed run leave it behind.
  const client = new Client({ connectionString: url, statement_timeout: 30_000 });
  client.on("error", () => undefined);
  await client.connect();
  const running = client.query("select count(*) from generate_series(1, 2000000000)").catch(() => undefined);
  // Under way once the server reports it active.
  await until(async () => {
    const { rows } = await (await getDb()).execute(sql`select 1 from pg_stat_activity where query like 'select count(*) from generate_series%' and state = 'active'`);
    return rows.length > 0;
  }, 5000, "the long query starting");
  return async () => {
    await running;
    await client.end().catch(() => undefined);
  };
}

it("heals each of three kill -9s of the embedded server in a row within 5 s, with a long query running: /api/ready says down within 1 s, with a cause code and never a query; saves are acknowledged again; none is lost", { timeout: 180_000 }, async () => {
  // Connecting migrates, as the server's start does; seeding is the step left.
  const connection = await connectDatabase();
  await seedIfEmpty(connection.pool);
  exam = await participantsSavingAnswers({ participants: 6, questions: 25 });
  await exam.acknowledgedAfter(0, 30);
  const readiness = await watchReadiness();

  for (let kill = 1; kill <= 3; kill++) {
    await until(() => readiness.seen.at(-1)?.status === 200, 10_000, `/api/ready answering 200 before kill ${kill}`);
    const report = await longQuery(connection.url);
    const killed = postmasterPid()!;
    const refusedBefore = exam.refusedSaves();
    process.kill(killed, "SIGKILL");
    const killedAt = Date.now();

    await until(() => readiness.seen.some((answer) => answer.at > killedAt && answer.status === 503), 1000, `/api/ready turning 503 within 1 s of kill ${kill}`);
    const downSeenAt = readiness.seen.find((answer) => answer.at > killedAt && answer.status === 503)!.at;
    await until(() => answers(), 5000 - (Date.now() - killedAt), `a query working again within 5 s of kill ${kill}`);
    await exam.acknowledgedAfter(downSeenAt, 10, 5000 - (Date.now() - killedAt));
    expect(Date.now() - killedAt, `saves acknowledged again after kill ${kill}`).toBeLessThan(5000);
    expect(postmasterPid()).not.toBe(killed);
    expect(exam.refusedSaves()).toBeGreaterThan(refusedBefore);
    await until(() => readiness.seen.at(-1)?.status === 200, 3000, `/api/ready turning 200 again after kill ${kill}`);
    await report();
  }

  const seen = await readiness.stop();
  const down = seen.filter((answer) => answer.status === 503);
  expect(down.map((answer) => answer.database)).toContainEqual({ ok: false, cause: "restarting" });
  for (const answer of seen) {
    // Check names, ok and a short cause code: no query, parameters, message or stack.
    const { checks } = JSON.parse(answer.body) as { checks: Record<string, Record<string, unknown>> };
    for (const check of Object.values(checks)) {
      expect(Object.keys(check).filter((key) => key !== "ok" && key !== "cause")).toEqual([]);
      if ("cause" in check) expect(check.cause).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    }
    expect(answer.body).not.toMatch(/select|params|failed query|\bat /i);
  }
  await exam.stopAndCheckEveryAcknowledgedAnswerIsStored();
});
