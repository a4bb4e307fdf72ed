import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
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

it("heals after kill -9 of the embedded server: the exam works again within 15 s, no acknowledged answer is lost, /api/ready says down (restarting) meanwhile", { timeout: 120_000 }, async () => {
  // Connecting migrates, as the server's start does; seeding is the step left.
  const connection = await connectDatabase();
  await seedIfEmpty(connection.pool);
  exam = await participantsSavingAnswers({ participants: 6, questions: 25 });
  await exam.acknowledgedAfter(0, 30);
  const readiness = await watchReadiness();

  const postmasterPid = Number.parseInt(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0], 10);
  process.kill(postmasterPid, "SIGKILL");
  const killedAt = Date.now();
  await until(() => readiness.seen.some((answer) => answer.status === 503), 10_000, "/api/ready turning 503");
  await until(answers, 15_000 - (Date.now() - killedAt), "a query working again");
  await exam.acknowledgedAfter(Date.now(), 20, 15_000 - (Date.now() - killedAt));
  expect(Date.now() - killedAt).toBeLessThan(15_000);
  await until(() => readiness.seen.at(-1)?.status === 200, 5000, "/api/ready turning 200 again");

  const seen = await readiness.stop();
  const firstDown = seen.findIndex((answer) => answer.status === 503);
  expect(seen[0].status).toBe(200);
  expect(seen.filter((answer) => answer.status === 503).map((answer) => answer.database)).toContainEqual({ ok: false, detail: "down (restarting)" });
  expect(seen.slice(firstDown).some((answer) => answer.status === 200)).toBe(true);
  expect(exam.refusedSaves()).toBeGreaterThan(0);
  await exam.stopAndCheckEveryAcknowledgedAnswerIsStored();
});
