import "server-only";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool, type PoolClient } from "pg";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { findRunningEmbeddedDatabase, startEmbeddedDatabase, type EmbeddedDatabaseEvents } from "./embedded";
import { PostgresError, postgresErrorCode } from "./errors";
import { appliedMigrationCount, committedMigrationCount, migrateDatabase } from "./prepare";
import { databaseReached, databaseRestarting, databaseStatus, databaseUnreachable, setDatabaseProbe } from "./status";
import type { Database } from "./types";

export interface DatabaseConnection {
  /** Where it connects: the job queue opens its own small pool to the same database. */
  readonly url: string;
  readonly db: Database;
  readonly pool: Pool;
  close(): Promise<void>;
}

type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool that reports to the database status: every failed attempt to connect and every
 * connection that breaks marks the database unreachable, every query that succeeds marks it
 * reached (a server that accepts a connection may still fail every query). pg's pool already
 * drops a broken client (idle or checked out) and opens a new one for the next query, so queries
 * work again as soon as the server does.
 */
class WatchedPool extends Pool {
  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    // While the embedded server restarts, every request trying to connect would fork a backend
    // only to hear "starting up", taking the CPU its crash recovery needs: refused here instead.
    if (databaseStatus().restarting) {
      const refusal = Object.assign(new Error("the embedded database is restarting"), { code: "57P03" });
      if (!callback) return Promise.reject(refusal);
      return callback(refusal, undefined, () => undefined);
    }
    if (!callback) {
      return super.connect().catch((error: unknown) => {
        databaseUnreachable(error);
        throw error;
      });
    }
    super.connect((error, client, done) => {
      if (error) databaseUnreachable(error);
      callback(error, client, done);
    });
  }
}

/** Drizzle queries through the pool's promise form; a callback's query is left as it is. */
function reportSuccessfulQueries(pool: Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) result.then(databaseReached, () => undefined);
    return result;
  }) as Pool["query"];
}

export function openDatabase(url: string, poolMax = config.database.poolMax): DatabaseConnection {
  const pool = new WatchedPool({ connectionString: url, max: poolMax });
  reportSuccessfulQueries(pool);
  pool.on("connect", (client) => client.on("error", databaseUnreachable));
  // An idle client's error (say, the server restarting) must not crash the process.
  pool.on("error", (error) => log.error(errorFields(error), "database pool error"));
  return { url, db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}

/** What the app's own database server reports: its supervisor's news goes to the log and the status. */
const supervisorEvents: EmbeddedDatabaseEvents = {
  orphansStopped: ({ what, pids, ms }) =>
    log.warn({ pids, ms }, what === "server" ? "stopped the embedded database a crashed app left running" : "stopped the processes the killed embedded database left running"),
  started: ({ port, startMs, crashRecovery }) => log.info({ port, startMs, crashRecovery }, crashRecovery ? "the embedded database recovered from a crash and started" : "the embedded database started"),
  exited: ({ exitCode, signal, recentLog }) => {
    databaseRestarting(true);
    log.error({ exitCode, signal, recentLog }, "the embedded database exited unexpectedly: restarting it");
  },
  restartFailed: ({ attempt, retryInMs, error }) =>
    log.warn({ attempt, retryInMs, ...errorFields(error) }, "the embedded database did not restart yet"),
  restarted: ({ attempts, downMs, startMs, crashRecovery }) => {
    databaseRestarting(false);
    log.info({ attempts, downMs, startMs, crashRecovery }, "the embedded database restarted");
  },
};

/** The configured database's two logins (the owner's when this process has it) and how to let go of the server. */
interface ConfiguredServer {
  url: string;
  ownerUrl?: string;
  stop(): Promise<void>;
}

async function reachConfiguredServer(options: { shareRunningServer?: boolean }): Promise<ConfiguredServer> {
  const settings = config.database;
  if (settings.kind === "external") return { url: settings.url, ownerUrl: settings.ownerUrl, stop: async () => undefined };
  if (settings.shared) return waitForRunningEmbeddedDatabase(settings);
  const running = options.shareRunningServer ? await findRunningEmbeddedDatabase(settings) : undefined;
  if (running) return running;
  const started = await startEmbeddedDatabase({ ...settings, events: supervisorEvents });
  if (started.port !== settings.port) log.warn({ port: started.port }, `port ${settings.port} is in use: the embedded database listens on port ${started.port} (set EMBEDDED_DATABASE_PORT to choose one)`);
  return started;
}

function openOnServer(server: ConfiguredServer, url: string): DatabaseConnection {
  const connection = openDatabase(url);
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await server.stop();
    },
  };
}

/**
 * Opens the configured database, starting the embedded server when no DATABASE_URL is set, on
 * the app's login or, for tools that change the schema (migrations, restores), the owner's:
 * MIGRATION_DATABASE_URL, else DATABASE_URL. With `shareRunningServer`, an embedded server that a
 * running app already serves is used as it is (and left running) instead of refusing to start a
 * second one.
 */
export async function openConfiguredDatabase(
  options: { shareRunningServer?: boolean; login?: "app" | "owner" } = {},
): Promise<DatabaseConnection> {
  const server = await reachConfiguredServer(options);
  return openOnServer(server, options.login === "owner" ? (server.ownerUrl ?? server.url) : server.url);
}

/** The first instance may still be starting the server when another instance comes up. */
async function waitForRunningEmbeddedDatabase(settings: { directory: string; port: number; anyPortIfTaken: boolean }) {
  for (let waited = 0; waited < SHARED_DATABASE_WAIT_MS; waited += 250) {
    const running = await findRunningEmbeddedDatabase(settings);
    if (running) return running;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No embedded database runs in ${settings.directory} on port ${settings.port} to share (EMBEDDED_DATABASE_SHARED is set)`);
}
const SHARED_DATABASE_WAIT_MS = 60_000;

async function startConfiguredDatabase(): Promise<DatabaseConnection> {
  const server = await reachConfiguredServer({});
  const connection = openOnServer(server, server.url);
  try {
    await bringSchemaUpToDate(connection.pool, server.ownerUrl);
    await warnIfAppLoginIsPrivileged(connection.pool);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

/**
 * With the owner's login, its migrations run as the owner, who then grants the app's role what it
 * needs. Without it (DATABASE_URL alone), that login must own the schema to apply anything, and is
 * asked to only when something is pending: an app role may not even look (CREATE SCHEMA IF NOT
 * EXISTS is refused to it).
 */
async function bringSchemaUpToDate(appPool: Pool, ownerUrl: string | undefined) {
  const startedAt = Date.now();
  const committed = await committedMigrationCount();
  const logDone = (applied: number) => log.info({ pending: committed - applied, ms: Date.now() - startedAt }, applied < committed ? "migrations applied" : "migrations up to date");
  if (ownerUrl) {
    const owner = openDatabase(ownerUrl, 1);
    try {
      const applied = await appliedMigrationCount(owner.pool);
      await migrateDatabase(owner.pool);
      logDone(applied);
    } finally {
      await owner.close();
    }
    return;
  }
  try {
    const applied = await appliedMigrationCount(appPool);
    if (applied < committed) await migrateDatabase(appPool);
    logDone(applied);
  } catch (error) {
    if (postgresErrorCode(error) !== PostgresError.insufficientPrivilege) throw error;
    throw new Error(
      "The database needs its migrations, and DATABASE_URL's login may not change the schema: " +
        "set MIGRATION_DATABASE_URL to the owner's login, or run `npm run db:migrate` with it first.",
      { cause: error },
    );
  }
}

/**
 * The database's protections (append-only records, frozen attempts) hold only against a login that
 * could not switch them off, nor shadow the tables they read with temporary ones.
 */
async function warnIfAppLoginIsPrivileged(appPool: Pool) {
  const { rows } = await appPool.query<{ role: string; superuser: boolean; owner: boolean; temporary: boolean }>(
    `select current_user as role, r.rolsuper as superuser,
            exists (select from pg_class c join pg_namespace n on n.oid = c.relnamespace
                     where n.nspname = 'public' and pg_has_role(c.relowner, 'USAGE')) as owner,
            has_database_privilege(current_database(), 'TEMP') as temporary
       from pg_roles r where r.rolname = current_user`,
  );
  const { role, superuser, owner, temporary } = rows[0];
  if (superuser || owner) {
    log.warn(
      { role, superuser, owner },
      `The app connects to PostgreSQL as ${role}, ${superuser ? "a superuser" : "the tables' owner"}: it could switch off the append-only triggers. ` +
        "Set DATABASE_URL to a login that owns nothing (olympiad_app) and MIGRATION_DATABASE_URL to the owner's (README, Least privilege in the database).",
    );
  } else if (temporary) {
    log.warn(
      { role },
      `The app's login ${role} may create temporary tables: the migrations revoke TEMP on the database from PUBLIC, which only the database's owner can. ` +
        "Make MIGRATION_DATABASE_URL's login the database's owner (alter database … owner to …) and start again (README, Least privilege in the database).",
    );
  }
}

/**
 * One connection per process, kept on globalThis: Next loads instrumentation and route
 * modules as separate module copies, and they must share the pool (and the embedded server).
 */
const CONNECTION_KEY = Symbol.for("olympiad.database-connection");
type GlobalWithConnection = typeof globalThis & {
  [CONNECTION_KEY]?: Promise<DatabaseConnection>;
};

export function connectDatabase(): Promise<DatabaseConnection> {
  const holder = globalThis as GlobalWithConnection;
  holder[CONNECTION_KEY] ??= startConfiguredDatabase().then(
    (connection) => {
      setDatabaseProbe(async () => void (await connection.pool.query("select 1")));
      return connection;
    },
    (error) => {
      delete holder[CONNECTION_KEY];
      throw error;
    },
  );
  return holder[CONNECTION_KEY];
}

export async function getDb(): Promise<Database> {
  return (await connectDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as GlobalWithConnection;
  const connection = holder[CONNECTION_KEY];
  delete holder[CONNECTION_KEY];
  setDatabaseProbe(undefined);
  if (connection) await (await connection).close();
}
