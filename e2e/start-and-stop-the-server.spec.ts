import { type ChildProcess, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { exited, signalGroup, spawnLogged, waitFor } from "./support/processes";

/** One production server on an embedded database of its own, clear of the main e2e server's ports. */
const PORT = 3120;
const DATABASE_PORT = 54359;
/** lib/config's EMBEDDED_DATABASE_PORT when unset. */
const DEFAULT_DATABASE_PORT = 54329;
const url = `http://127.0.0.1:${PORT}`;
/** Deployed behind a TLS-terminating proxy: the public URL is https, the hop to the app is not. */
const PUBLIC_URL = "https://olympiad.test";
const ADMIN = { email: "admin@olympiad.local", password: "admin-password-for-lifecycle" };
const DRAIN_SECONDS = 10;

let directory: string;
let server: ChildProcess | undefined;

const logFile = () => path.join(directory, "server.log");
const databaseDirectory = () => path.join(directory, "data", "pg");

/** `npm start` with this spec's settings; `databasePort: null` leaves EMBEDDED_DATABASE_PORT unset. */
function spawnServer(settings: { port?: number; databasePort?: number | null; instances?: number } = {}): ChildProcess {
  const { port = PORT, databasePort = DATABASE_PORT, instances = 1 } = settings;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production" as const,
    PORT: String(port),
    DATA_DIR: path.join(directory, "data"),
    ...(databasePort === null ? {} : { EMBEDDED_DATABASE_PORT: String(databasePort) }),
    WEB_CONCURRENCY: String(instances),
    ADMIN_PASSWORD: ADMIN.password,
    APP_URL: PUBLIC_URL,
    NEXTAUTH_URL: PUBLIC_URL,
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // README's command, so the signal goes through npm as it does in a deployment.
  return spawnLogged("npm", ["start", "--", "-p", String(port), "-H", "127.0.0.1"], { cwd: process.cwd(), env, logFile: logFile() });
}

/** Kept in `server` at once, so afterAll kills it even when it never becomes ready. */
async function startServer(settings: { port?: number; databasePort?: number | null; instances?: number } = {}): Promise<void> {
  server = spawnServer(settings);
  await waitFor("The server", `http://127.0.0.1:${settings.port ?? PORT}/api/ready`, server, logFile());
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => resolve(socket.destroy() !== undefined));
    socket.once("error", () => resolve(false));
  });
}

/**
 * How many connections the port's listening socket holds waiting to be accepted (its Send-Q in
 * `ss`): scripts/listen-backlog.mjs asks 4096, which the kernel caps at net.core.somaxconn.
 */
async function listenBacklog(port: number): Promise<{ backlog: number; asked: number }> {
  const [line] = execFileSync("ss", ["-Hltn", `sport = :${port}`], { encoding: "utf8" }).trim().split("\n");
  const somaxconn = Number(await readFile("/proc/sys/net/core/somaxconn", "utf8"));
  return { backlog: Number(line.trim().split(/\s+/)[2]), asked: Math.min(4096, somaxconn) };
}

async function postmasterPid(): Promise<number | undefined> {
  const file = path.join(databaseDirectory(), "postmaster.pid");
  return existsSync(file) ? Number((await readFile(file, "utf8")).split("\n")[0]) : undefined;
}

async function makeDirectory() {
  directory = await mkdtemp(path.join(os.tmpdir(), "olympiad-lifecycle-"));
  // As root the embedded PostgreSQL runs as the postgres user, who must reach its data inside.
  await chmod(directory, 0o755);
}

async function killServerAndDirectory() {
  if (server) {
    signalGroup(server, "SIGKILL");
    await exited(server);
    server = undefined;
  }
  await rm(directory, { recursive: true, force: true });
}

test.describe("one instance's life", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(120_000);
  test.beforeAll(makeDirectory);
  test.afterAll(killServerAndDirectory);

  test("on SIGTERM it refuses new connections, finishes the request in flight, then stops the database and exits 0", async () => {
    await startServer();
    // A hall pressing Start connects by the thousand: more than Node's default of 511 may wait to be accepted.
    const { backlog, asked } = await listenBacklog(PORT);
    expect(backlog).toBe(asked);
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

  test("when its database server is killed, the app logs it once and restarts it: /api/ready says down (cause restarting), then 200, without a restart of the app", async () => {
    await startServer();
    const pid = await postmasterPid();
    expect(pid).toBeDefined();
    const readiness: { status: number; database: { ok: boolean; cause?: string } }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const response = await fetch(`${url}/api/ready`);
        const report = (await response.json()) as { checks: { database: { ok: boolean; cause?: string } } };
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
    expect(readiness.filter((answer) => answer.status === 503).map((answer) => answer.database)).toContainEqual({ ok: false, cause: "restarting" });
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

  test("at start, it sweeps away what writes cut short by a crash left in the uploads folder, and only that", async () => {
    const exit = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));
    process.kill(server!.pid!, "SIGTERM");
    expect(await exit).toBe(0);
    server = undefined;
    const uploads = path.join(directory, "data", "uploads");
    const leftovers = [`payment/u/cut.png.${randomUUID()}.tmp`, `payment/u/lost.png.content-type.${randomUUID()}.tmp`, "payment/u/lost.png.content-type"];
    const notOurs = "payment/u/notes.tmp";
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    for (const file of [...leftovers, notOurs]) {
      await mkdir(path.dirname(path.join(uploads, file)), { recursive: true });
      await writeFile(path.join(uploads, file), "x");
      await utimes(path.join(uploads, file), anHourAgo, anHourAgo);
    }

    await startServer();
    const swept = async () => (await readFile(logFile(), "utf8")).split("\n").filter((line) => line.includes("removed files left by writes a crash cut short"));
    await expect.poll(async () => (await swept()).map((line) => JSON.parse(line).removed)).toEqual([leftovers.length]);
    expect(leftovers.filter((file) => existsSync(path.join(uploads, file)))).toEqual([]);
    expect(existsSync(path.join(uploads, notOurs))).toBe(true);
  });
  test("on SIGTERM while 16 clients call the API on kept-alive connections: /api/ready turns 503 at once, answers say Connection: close, no answer is a 5xx, and it exits 0 within the drain timeout + 2 s", async () => {
    test.setTimeout(90_000);
    if (!server) await startServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 17 });
    const answers: { path: string; sentAt: number; status: number; connection?: string }[] = [];
    const failures: { path: string; sentAt: number; code: string }[] = [];
    const get = (path: string) =>
      new Promise<void>((resolve) => {
        const sentAt = Date.now();
        http
          .get(`${url}${path}`, { agent }, (response) => {
            response.resume().once("end", () => {
              answers.push({ path, sentAt, status: response.statusCode ?? 0, connection: response.headers.connection });
              resolve();
            });
          })
          .once("error", (error: NodeJS.ErrnoException) => {
            failures.push({ path, sentAt, code: error.code ?? error.message });
            resolve();
          });
      });
    let signalledAt = Number.POSITIVE_INFINITY;
    const refused = () => failures.some((failure) => failure.code === "ECONNREFUSED" && failure.sentAt > signalledAt);
    // Each client calls until the server refuses its new connection; a pause keeps the machine's two cores for the server.
    const client = (paths: string[]) =>
      (async () => {
        for (let call = 0; !refused() || Date.now() < signalledAt + 200; call++) {
          await get(paths[call % paths.length]);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
    const clients = [...Array.from({ length: 16 }, (_, index) => client(index % 2 ? ["/api/getquizes", "/api/ping"] : ["/api/ping", "/api/health"])), client(["/api/ready"])];
    await expect.poll(() => answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(100);

    const exit = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));
    signalledAt = Date.now();
    process.kill(server!.pid!, "SIGTERM");
    const code = await exit;
    const exitedAfterMs = Date.now() - signalledAt;
    server = undefined;
    await Promise.all(clients);
    agent.destroy();

    expect(code).toBe(0);
    expect(exitedAfterMs).toBeLessThan((DRAIN_SECONDS + 2) * 1000);
    expect(answers.filter((answer) => answer.status >= 500 && answer.path !== "/api/ready")).toEqual([]);
    const log = await readFile(logFile(), "utf8");
    // This instance's: the log holds the earlier tests' instances too.
    const drainLine = log.split("\n").findLast((line) => line.includes("shutting down: not ready"));
    expect(drainLine, log).toBeDefined();
    const drainingFrom = Date.parse(JSON.parse(drainLine!).time);
    expect(drainingFrom - signalledAt, "the drain begins as the signal arrives").toBeLessThan(1000);
    // Sent once the drain began: not ready, and every answer closes its connection.
    const late = answers.filter((answer) => answer.sentAt > drainingFrom);
    expect(late.filter((answer) => answer.path === "/api/ready" && answer.status !== 503)).toEqual([]);
    expect(late.filter((answer) => answer.connection !== "close")).toEqual([]);
    expect(failures.filter((failure) => failure.code !== "ECONNREFUSED")).toEqual([]);
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain("Cannot use a pool after calling end on the pool");
  });
});

test.describe("start-up", () => {
  test.setTimeout(120_000);
  test.beforeAll(makeDirectory);
  test.afterAll(killServerAndDirectory);

  test("with EMBEDDED_DATABASE_PORT taken by another program, npm start says so and exits non-zero within 10 s", async () => {
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(DATABASE_PORT + 2, "127.0.0.1", resolve));
    try {
      const startedAt = Date.now();
      server = spawnServer({ port: PORT + 2, databasePort: DATABASE_PORT + 2 });
      const code = await new Promise<number | null>((resolve) => server!.once("exit", (exitCode) => resolve(exitCode)));
      server = undefined;
      expect(code).not.toBe(0);
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      expect(await readFile(logFile(), "utf8")).toContain(`port ${DATABASE_PORT + 2} is in use`);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  test("without EMBEDDED_DATABASE_PORT and with the default port taken, the embedded database listens on a free port and says which, and a second instance finds it there", async () => {
    // Another checkout's app, say; when something else holds the default port already, that does as well.
    const squatter = net.createServer();
    const squatting = await new Promise<boolean>((resolve) => {
      squatter.once("error", () => resolve(false));
      squatter.listen(DEFAULT_DATABASE_PORT, "127.0.0.1", () => resolve(true));
    });
    try {
      expect(squatting || !(await accepts(DEFAULT_DATABASE_PORT)), `port ${DEFAULT_DATABASE_PORT} is taken`).toBe(true);
      await startServer({ port: PORT + 2, databasePort: null, instances: 2 });
      const postmaster = (await readFile(path.join(databaseDirectory(), "postmaster.pid"), "utf8")).split("\n");
      const chosen = Number(postmaster[3]);
      expect(chosen).not.toBe(DEFAULT_DATABASE_PORT);
      const line = (await readFile(logFile(), "utf8")).split("\n").find((entry) => entry.includes(`port ${DEFAULT_DATABASE_PORT} is in use`));
      expect(line && JSON.parse(line)).toMatchObject({ level: "warn", port: chosen });
      // Each new connection goes to the next instance: both serve from the moved database.
      // On a fresh data folder the first instance applies the migrations; the second, connected, finds them applied.
      await expect.poll(async () => (await readFile(logFile(), "utf8")).includes('"msg":"migrations up to date"'), { timeout: 60_000 }).toBe(true);
      for (let request = 0; request < 4; request++) expect(await getOnNewConnection(`http://127.0.0.1:${PORT + 2}/api/getquizes`)).toBe(200);
    } finally {
      if (squatting) await new Promise((resolve) => squatter.close(resolve));
    }
  });
});

interface ProcessInfo {
  pid: number;
  parent: number;
  command: string;
  cpuTicks: number;
}

/** The server's process tree from /proc: npm's node, its instances and their PostgreSQL. */
async function processTree(root: number): Promise<ProcessInfo[]> {
  const all: ProcessInfo[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    all.push({ pid: Number(entry), parent: Number(fields[1]), command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), cpuTicks: Number(fields[11]) + Number(fields[12]) });
  }
  const tree = all.filter((process) => process.pid === root);
  for (let index = 0; index < tree.length; index++) tree.push(...all.filter((process) => process.parent === tree[index].pid));
  return tree;
}

const instancesOf = async (root: number) => (await processTree(root)).filter((process) => process.command.startsWith("next-server"));

/** A request on a connection of its own: the cluster hands each new connection to the next instance. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false }, (response) => response.resume().once("end", () => resolve(response.statusCode ?? 0))).once("error", reject);
  });
}

test.describe("several instances on one port", () => {
  test.setTimeout(180_000);
  test.beforeAll(makeDirectory);
  test.afterAll(killServerAndDirectory);

  test("WEB_CONCURRENCY=2 serves from two instances sharing the port and one embedded database; a killed instance is replaced while the other answers; SIGTERM stops both, then the database", async () => {
    const port = PORT + 1;
    const base = `http://127.0.0.1:${port}`;
    await startServer({ port, databasePort: DATABASE_PORT + 1, instances: 2 });
    const { backlog, asked } = await listenBacklog(port);
    expect(backlog).toBe(asked);
    const root = server!.pid!;
    await expect.poll(async () => (await instancesOf(root)).length).toBe(2);
    const instances = await instancesOf(root);
    const postmasters = (await processTree(root)).filter((process) => process.command === "postgres" && instances.some((instance) => instance.pid === process.parent));
    expect(postmasters).toHaveLength(1);
    expect(postmasters[0].pid).toBe(await postmasterPid());

    // Both instances do the work: each one's CPU time grows while 200 requests arrive on new connections.
    for (let request = 0; request < 200; request++) expect(await getOnNewConnection(`${base}/api/getquizes`)).toBe(200);
    const worked = await processTree(root);
    for (const instance of instances) {
      const ticks = worked.find((process) => process.pid === instance.pid)!.cpuTicks - instance.cpuTicks;
      expect(ticks, `CPU ticks of instance ${instance.pid}`).toBeGreaterThan(5);
    }

    // The instance that does not run the database dies. Connections handed to it in the moment it
    // dies are reset (a proxy in front retries them); once the cluster has seen it go, the other
    // instance answers every request until the replacement is up.
    const shared = instances.find((instance) => instance.pid !== postmasters[0].parent)!;
    process.kill(shared.pid, "SIGKILL");
    await expect.poll(() => existsSync(`/proc/${shared.pid}`)).toBe(false);
    for (let request = 0; request < 20; request++) expect(await getOnNewConnection(`${base}/api/health`)).toBe(200);
    await expect.poll(async () => (await readFile(logFile(), "utf8")).includes(`is ready in place of ${shared.pid}`), { timeout: 60_000 }).toBe(true);
    expect(await instancesOf(root)).toHaveLength(2);
    for (let request = 0; request < 20; request++) expect(await getOnNewConnection(`${base}/api/ready`)).toBe(200);

    const exit = new Promise<number | null>((resolve) => server!.once("exit", (code) => resolve(code)));
    process.kill(root, "SIGTERM");
    expect(await exit).toBe(0);
    server = undefined;
    const log = await readFile(logFile(), "utf8");
    expect(log.split("\n").filter((line) => line.includes('"msg":"stopped"'))).toHaveLength(2);
    expect(await postmasterPid()).toBeUndefined();
  });
});
