import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, temporaryDirectory, testDatabaseKind } from "../support/test-server";

/** The embedded default keeps data across restarts and recovers from a crash (kill -9). */
describe.runIf(testDatabaseKind === "embedded")("the embedded database across restarts", () => {
  const started: ChildProcess[] = [];
  let dataDir = "";

  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill("SIGTERM");
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function startApp(environment: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
    let output = "";
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    // One process, not the tsx wrapper: kill -9 must hit the process that owns the database.
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/fixtures/app-database.ts"], {
      env: { ...inherited, ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(child);
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = output.match(/READY (\S+)/);
        if (ready) resolve(ready[1]);
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.once("exit", (code) => reject(new Error(`app exited with ${code} before it was ready:\n${output}`)));
    });
    return { child, url, output: () => output };
  }

  async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  function exited(child: ChildProcess): Promise<number | null> {
    return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once("exit", resolve));
  }

  it("keeps a row written before a restart, after a clean stop and after kill -9", { timeout: 120_000 }, async () => {
    dataDir = await temporaryDirectory("olympiad-restart-");
    const environment = { DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(await freePort()), LOG_LEVEL: "info" };
    const postmasterPid = path.join(dataDir, "pg", "postmaster.pid");

    const first = await startApp(environment);
    // The embedded default makes the app's own role and connects as it (lib/db/privileges.ts).
    expect(await query(first.url, "select current_user as role, usesuper as superuser from pg_user where usename = current_user")).toEqual([{ role: "olympiad_app", superuser: false }]);
    await query(first.url, "insert into contact_messages (name, email, subject, message) values ('Asha', 'asha@example.test', 'Restart', 'kept')");
    first.child.kill("SIGTERM");
    await exited(first.child);
    expect(existsSync(postmasterPid), "SIGTERM stops the embedded database cleanly").toBe(false);

    const second = await startApp(environment);
    expect(await query(second.url, "select message from contact_messages where subject = 'Restart'")).toEqual([{ message: "kept" }]);
    const killedAt = Date.now();
    second.child.kill("SIGKILL");
    await exited(second.child);
    expect(existsSync(postmasterPid), "after kill -9 the database is left running as an orphan").toBe(true);

    const third = await startApp(environment);
    // Ready in about 2.4 s on a quiet machine and 10 s beside both Vitest passes; a start that
    // waited for the orphan to give up its shared memory, or for a shutdown timeout, would take
    // a minute. The log lines below say what each step took.
    expect(Date.now() - killedAt, "ready within 30 s of the crash").toBeLessThan(30_000);
    expect(await query(third.url, "select message from contact_messages where subject = 'Restart'")).toEqual([{ message: "kept" }]);
    // What it did, each with its duration.
    const said = (message: string) => third.output().split("\n").filter((line) => line.includes(`"msg":"${message}"`)).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(said("stopped the embedded database a crashed app left running")).toEqual([expect.objectContaining({ level: "warn", ms: expect.any(Number), pids: [expect.any(Number)] })]);
    expect(said("the embedded database started")).toEqual([expect.objectContaining({ startMs: expect.any(Number), crashRecovery: false })]);
    expect(said("migrations up to date")).toEqual([expect.objectContaining({ ms: expect.any(Number), pending: 0 })]);
    const admins = await query<{ count: number }>(third.url, "select count(*)::int as count from users where role = 'admin'");
    expect(admins).toEqual([{ count: 1 }]);
    third.child.kill("SIGTERM");
    await exited(third.child);
  });

  it("stops at once, logging \"stopped\", when SIGTERM comes after its database server was killed", { timeout: 60_000 }, async () => {
    const directory = await temporaryDirectory("olympiad-stop-after-kill-");
    const environment = { DATA_DIR: directory, EMBEDDED_DATABASE_PORT: String(await freePort()), NEXT_MANUAL_SIG_HANDLE: "true", LOG_LEVEL: "info", SHUTDOWN_DRAIN_SECONDS: "20" };
    try {
      const app = await startApp(environment);
      const postmasterPid = Number.parseInt(readFileSync(path.join(directory, "pg", "postmaster.pid"), "utf8").split("\n")[0], 10);
      process.kill(postmasterPid, "SIGKILL");
      while (isAlive(postmasterPid)) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));

      const signalledAt = Date.now();
      app.child.kill("SIGTERM");
      // At once: well before the 20 s drain it would sit out if it waited for its pool (half of it, for a loaded machine).
      const stopsWithinMs = 10_000;
      const exitCode = await Promise.race([exited(app.child), new Promise((resolve) => setTimeout(() => resolve("still running"), stopsWithinMs))]);
      expect(exitCode, app.output()).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(stopsWithinMs);
      expect(app.output()).toMatch(/"msg":"stopped"/);
      const pidFile = path.join(directory, "pg", "postmaster.pid");
      const leftPid = existsSync(pidFile) ? Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0], 10) : undefined;
      expect(leftPid !== undefined && isAlive(leftPid), "no database is left running").toBe(false);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
