import { rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";

/**
 * A PostgreSQL outage on an external DATABASE_URL: the app reaches a server of this file's own
 * (never the run's shared one) through a TCP proxy that the test cuts and restores.
 */
const { proxyPort } = await vi.hoisted(async () => {
  const net = await import("node:net");
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  // lib/config reads these once, on first import: the static imports below come after. The app's
  // role and the owner's login, as in production (lib/db/privileges.ts).
  const { APP_ROLE, LOCAL_APP_PASSWORD } = await import("@/lib/db/privileges");
  process.env.DATABASE_URL = `postgresql://${APP_ROLE}:${LOCAL_APP_PASSWORD}@127.0.0.1:${port}/olympiad`;
  process.env.MIGRATION_DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${port}/olympiad`;
  process.env.HEALTH_DATABASE_DOWN_SECONDS = "2";
  return { proxyPort: port };
});

import { GET as health } from "@/app/api/health/route";
import { closeDatabase, connectDatabase, startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db";
import { seedIfEmpty } from "@/lib/seed";
import { participantsSavingAnswers, until, watchReadiness } from "../support/outage";
import { freePort, temporaryDirectory } from "../support/test-server";

/** Forwards connections to PostgreSQL until cut: then drops every open one and refuses new ones. */
function tcpProxy(listenPort: number, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = net.connect(targetPort, "127.0.0.1");
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", close).on("close", close);
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve)),
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let directory = "";
let server: EmbeddedDatabase | undefined;
let proxy: ReturnType<typeof tcpProxy> | undefined;
let exam: Awaited<ReturnType<typeof participantsSavingAnswers>> | undefined;

afterAll(async () => {
  proxy?.restore();
  await exam?.stop();
  await closeDatabase();
  await proxy?.close();
  await server?.stop();
  if (directory) await rm(directory, { recursive: true, force: true });
});

it("loses no acknowledged answer when the database is unreachable for a few seconds, recovers without a restart, and /api/health turns 503 past the limit", { timeout: 120_000 }, async () => {
  directory = await temporaryDirectory("olympiad-external-outage-");
  server = await startEmbeddedDatabase({ directory: path.join(directory, "pg"), port: await freePort(), persistent: false });
  proxy = tcpProxy(proxyPort, Number(new URL(server.url).port));
  await proxy.listen();
  // Connecting migrates on the owner's login, as the server's start does; seeding is the step left.
  const connection = await connectDatabase();
  await seedIfEmpty(connection.pool);

  exam = await participantsSavingAnswers({ participants: 6, questions: 25 });
  await exam.acknowledgedAfter(0, 30);
  const readiness = await watchReadiness();
  expect(health().status).toBe(200);

  proxy.cut();
  const cutAt = Date.now();
  await until(() => readiness.seen.some((answer) => answer.status === 503), 10_000, "/api/ready turning 503");
  await until(() => health().status === 503, 10_000, "/api/health turning 503");
  const unhealthy = (await health().json()) as { status: string; database: string };
  expect(unhealthy).toMatchObject({ status: "unhealthy", database: expect.stringMatching(/^unreachable for \d+ s/) });
  expect(Date.now() - cutAt).toBeGreaterThanOrEqual(2000);

  proxy.restore();
  const restoredAt = Date.now();
  await exam.acknowledgedAfter(restoredAt, 20, 15_000);
  await until(() => health().status === 200, 5000, "/api/health turning 200 again");
  await until(() => readiness.seen.at(-1)?.status === 200, 5000, "/api/ready turning 200 again");
  await readiness.stop();

  expect(exam.refusedSaves()).toBeGreaterThan(0);
  await exam.stopAndCheckEveryAcknowledgedAnswerIsStored();
});
