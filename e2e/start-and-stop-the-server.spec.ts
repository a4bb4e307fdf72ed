import { type ChildProcess } from "node:child_process";
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
const url = `http://127.0.0.1:${PORT}`;
/** Deployed behind a TLS-terminating proxy: the public URL is https, the hop to the app is not. */
const PUBLIC_URL = "https://olympiad.test";
const ADMIN = { email: "admin@olympiad.local", password: "admin-password-for-lifecycle" };

let directory: string;
let server: ChildProcess | undefined;

const logFile = () => path.join(directory, "server.log");
const databaseDirectory = () => path.join(directory, "data", "pg");

/** Kept in `server` at once, so afterAll kills it even when it never becomes ready. */
async function startServer(settings: { port?: number; databasePort?: number; instances?: number } = {}): Promise<void> {
  const { port = PORT, databasePort = DATABASE_PORT, instances = 1 } = settings;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production" as const,
    PORT: String(port),
    DATA_DIR: path.join(directory, "data"),
    EMBEDDED_DATABASE_PORT: String(databasePort),
    WEB_CONCURRENCY: String(instances),
    ADMIN_PASSWORD: ADMIN.password,
    APP_URL: PUBLIC_URL,
    NEXTAUTH_URL: PUBLIC_URL,
    SHUTDOWN_TIMEOUT_SECONDS: "10",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // README's command, so the signal goes through npm as it does in a deployment.
  server = spawnLogged("npm", ["start", "--", "-p", String(port), "-H", "127.0.0.1"], { cwd: process.cwd(), env, logFile: logFile() });
  await waitFor("The server", `http://127.0.0.1:${port}/api/ready`, server, logFile());
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
