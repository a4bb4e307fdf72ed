import { type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { exited, signalGroup, spawnLogged, waitFor } from "./support/processes";

/** One production server on an embedded database of its own, clear of the main e2e server's ports. */
const PORT = 3120;
const DATABASE_PORT = 54359;
const url = `http://127.0.0.1:${PORT}`;
/** Deployed behind a TLS-terminating proxy: the public URL is https, the hop to the app is not. */
const PUBLIC_URL = "https://olympiad.test";
const ADMIN = { email: "admin@olympiad.local", password: "admin-password-for-lifecycle" };

let directory: string;
let server: ChildProcess | undefined;

const logFile = () => path.join(directory, "server.log");
const databaseDirectory = () => path.join(directory, "data", "pg");

/** Kept in `server` at once, so afterAll kills it even when it never becomes ready. */
async function startServer(): Promise<void> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production" as const,
    PORT: String(PORT),
    DATA_DIR: path.join(directory, "data"),
    EMBEDDED_DATABASE_PORT: String(DATABASE_PORT),
    ADMIN_PASSWORD: ADMIN.password,
    APP_URL: PUBLIC_URL,
    NEXTAUTH_URL: PUBLIC_URL,
    SHUTDOWN_TIMEOUT_SECONDS: "10",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // README's command, so the signal goes through npm as it does in a deployment.
  server = spawnLogged("npm", ["start", "--", "-p", String(PORT), "-H", "127.0.0.1"], { cwd: process.cwd(), env, logFile: logFile() });
  await waitFor("The server", `${url}/api/ready`, server, logFile());
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(socket.destroy() !== undefined));
    socket.once("error", () => resolve(false));
  });
}

async function postmasterPid(): Promise<number | undefined> {
  const file = path.join(databaseDirectory(), "postmaster.pid");
  return existsSync(file) ? Number((await readFile(file, "utf8")).split("\n")[0]) : undefined;
}

test.describe("one instance's life", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), "olympiad-lifecycle-"));
    // As root the embedded PostgreSQL runs as the postgres user, who must reach its data inside.
    await chmod(directory, 0o755);
  });

  test.afterAll(async () => {
    if (server) {
      signalGroup(server, "SIGKILL");
      await exited(server);
    }
    await rm(directory, { recursive: true, force: true });
  });

  test("on SIGTERM it refuses new connections, finishes the request in flight, then stops the database and exits 0", async () => {
    await startServer();
    const encoder = new TextEncoder();
    // A login whose body is still arriving when the signal comes.
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('{"email":"late@example.test",'));
        await new Promise((resolve) => setTimeout(resolve, 1500));
        controller.enqueue(encoder.encode('"password":"not-the-password"}'));
        controller.close();
      },
    });
    const inFlight = fetch(`${url}/api/login`, { method: "POST", body, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const exit = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));
    // To npm alone, as an orchestrator signals a container's main process; npm passes it on.
    process.kill(server!.pid!, "SIGTERM");

    await expect.poll(() => accepts(PORT)).toBe(false);
    const answered = await inFlight;
    expect(answered.status).toBe(401);
    expect(answered.headers.get("x-request-id")).toBeTruthy();
    expect(await exit).toBe(0);
    server = undefined;
    const log = await readFile(logFile(), "utf8");
    expect(log).toContain('"msg":"stopped"');
    // The embedded PostgreSQL was shut down cleanly, not left running or killed.
    expect(await postmasterPid()).toBeUndefined();
  });

  test("when its database server is killed, the app logs it once and restarts it: /api/ready says down (restarting), then 200, without a restart of the app", async () => {
    await startServer();
    const pid = await postmasterPid();
    expect(pid).toBeDefined();
    const readiness: { status: number; database: { ok: boolean; detail?: string } }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const response = await fetch(`${url}/api/ready`);
        const report = (await response.json()) as { checks: { database: { ok: boolean; detail?: string } } };
        readiness.push({ status: response.status, database: report.checks.database });
      }
    })();
    await expect.poll(() => readiness.length).toBeGreaterThan(0);
    process.kill(pid!, "SIGKILL");

    await expect.poll(() => readiness.some((answer) => answer.status === 503), { timeout: 15_000 }).toBe(true);
    // Liveness is not readiness: the database has not been down for HEALTH_DATABASE_DOWN_SECONDS.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    await expect.poll(() => readiness.at(-1)?.status, { timeout: 15_000 }).toBe(200);
    polling = false;
    await poller;
    expect(readiness.filter((answer) => answer.status === 503).map((answer) => answer.database)).toContainEqual({ ok: false, detail: "down (restarting)" });
    expect(await postmasterPid()).not.toBe(pid);
    expect((await fetch(`${url}/api/getquizes`)).status).toBe(200);

    const exits = (await readFile(logFile(), "utf8")).split("\n").filter((line) => line.includes("the embedded database exited unexpectedly"));
    expect(exits).toHaveLength(1);
    expect(JSON.parse(exits[0])).toMatchObject({ level: "error", signal: "SIGKILL", recentLog: expect.any(Array) });
  });

  test("with an https public URL, the session cookie is Secure (and __Secure- named), and HSTS is sent", async () => {
    const response = await fetch(`${url}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^__Secure-next-auth\.session-token=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });
});
