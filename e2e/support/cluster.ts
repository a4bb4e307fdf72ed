import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createDatabase, dropDatabase } from "../../tests/support/test-server";
import { withClient } from "./exam-db";
import { startNginx } from "./nginx";
import { exited, signalGroup, spawnLogged, stopProcess, waitFor } from "./processes";

/**
 * Several production instances sharing one truth: two `next start` servers on one PostgreSQL
 * database and one S3-compatible bucket (s3rver), with Debian's nginx balancing between them as
 * docs/nginx.conf, the shipped configuration, has it.
 * Each instance has a data directory of its own, so anything kept on local disk shows up as lost.
 */

export const CLUSTER_ADMIN = { email: "admin@olympiad.local", password: "admin-password-for-cluster" };

/** Clear of the main e2e server (3100) and its embedded database (54339). */
const PORTS = { nginx: 3300, instances: [3301, 3302], s3: 4578 };
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const BUCKET = "olympiad-cluster";

interface Instance {
  port: number;
  /** As nginx names it in $upstream_addr. */
  address: string;
  dataDir: string;
  /** SIGKILL, no goodbye: the process group, in case `next start` ever forks the real server. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** nginx: the only URL a participant knows. */
  url: string;
  instances: Instance[];
  query<Row extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Every process's output, for a failed run's report. */
  logs(): Promise<string>;
  stop(): Promise<void>;
}

export async function startCluster(projectDir = process.cwd()): Promise<Cluster> {
  if (!existsSync(path.join(projectDir, ".next", "BUILD_ID"))) throw new Error(`No production build in ${projectDir}: run npm run build first`);

  // Undone in reverse order by stop(), also when starting fails half way.
  const undo: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch((error: unknown) => console.error("cluster clean-up:", error));
  };
  const directory = await mkdtemp(path.join(os.tmpdir(), "olympiad-cluster-"));
  // nginx's workers drop root for nobody, who must reach the temp paths inside.
  await chmod(directory, 0o755);
  undo.push(() => rm(directory, { recursive: true, force: true }));
  const logFiles: string[] = [];

  try {
    const database = await createDatabase(POSTGRES_ADMIN_URL);
    undo.push(() => dropDatabase(POSTGRES_ADMIN_URL, database.name));
    const s3Endpoint = await startObjectStore(path.join(directory, "s3"), logFiles, undo);
    const url = `http://127.0.0.1:${PORTS.nginx}`;
    const shared = {
      // The app's role and the owner's login, as README's deployment has them.
      DATABASE_URL: database.url,
      MIGRATION_DATABASE_URL: database.ownerUrl,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
      APP_URL: url,
      NEXTAUTH_URL: url,
      ADMIN_EMAIL: CLUSTER_ADMIN.email,
      ADMIN_PASSWORD: CLUSTER_ADMIN.password,
      // nginx appends the client's address to X-Forwarded-For: believe that one entry.
      TRUSTED_PROXY_HOPS: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      // As `npm start` runs it: the app's own graceful shutdown handles SIGTERM.
      NEXT_MANUAL_SIG_HANDLE: "true",
    };
    // Both start at once: the advisory lock around migrations and seeding is part of what is proven.
    const instances = await Promise.all(
      PORTS.instances.map((port) => startInstance(projectDir, directory, port, shared, logFiles, undo)),
    );
    const nginx = await startNginx(directory, PORTS.nginx, PORTS.instances.map((port) => `127.0.0.1:${port}`));
    undo.push(() => nginx.stop());
    logFiles.push(...nginx.logFiles);

    return {
      url,
      instances,
      query: async <Row extends Record<string, unknown>>(text: string, values?: unknown[]) =>
        withClient(database.ownerUrl, async (client) => (await client.query<Row>(text, values)).rows),
      logs: async () =>
        (await Promise.all(logFiles.map(async (file) => `== ${path.basename(file)}\n${await readFile(file, "utf8").catch(() => "")}`))).join("\n"),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}


async function startObjectStore(directory: string, logFiles: string[], undo: (() => Promise<void>)[]): Promise<string> {
  await mkdir(directory, { recursive: true });
  const logFile = `${directory}.log`;
  logFiles.push(logFile);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" as const, S3RVER_DIRECTORY: directory, S3RVER_PORT: String(PORTS.s3), S3RVER_BUCKET: BUCKET };
  const child = spawnLogged(process.execPath, [path.join(import.meta.dirname, "object-store.mjs")], { cwd: process.cwd(), env, logFile });
  undo.push(() => stopProcess(child, "SIGTERM"));
  const endpoint = `http://127.0.0.1:${PORTS.s3}`;
  await waitFor("The object store", `${endpoint}/${BUCKET}`, child, logFile);
  return endpoint;
}

async function startInstance(
  projectDir: string,
  directory: string,
  port: number,
  shared: Record<string, string>,
  logFiles: string[],
  undo: (() => Promise<void>)[],
): Promise<Instance> {
  const dataDir = path.join(directory, `instance-${port}`);
  const logFile = path.join(directory, `instance-${port}.log`);
  logFiles.push(logFile);
  // Nothing from the runner's environment: every setting an instance gets is listed here.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production" as const, ...shared, PORT: String(port), DATA_DIR: dataDir };
  const child = spawnLogged(path.join(projectDir, "node_modules", ".bin", "next"), ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: projectDir, env, logFile });
  undo.push(() => stopProcess(child, "SIGTERM"));
  await waitFor(`The instance on port ${port}`, `http://127.0.0.1:${port}/api/ready`, child, logFile);
  return {
    port,
    address: `127.0.0.1:${port}`,
    dataDir,
    kill: async () => {
      signalGroup(child, "SIGKILL");
      await exited(child);
    },
  };
}

/** Whether anything accepts a TCP connection on the port. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
