import "server-only";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool, type PoolClient } from "pg";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { findRunningEmbeddedDatabase, startEmbeddedDatabase, type EmbeddedDatabaseEvents } from "./embedded";
import { PostgresError, postgresErrorCode } from "./errors";
import { appliedMigrationCount, committedMigrationCount, migrateDatabase } from "./prepare";
import { databaseReached, databaseRestarting, databaseUnreachable, setDatabaseProbe } from "./status";
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
 * connection that breaks marks the database unreachable, every new connection marks it
 * reached. pg's pool already drops a broken client (idle or checked out) and opens a new one
 * for the next query, so queries work again as soon as the server does.
 */
class WatchedPool extends Pool {
  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
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

export function openDatabase(url: string, poolMax = config.database.poolMax): DatabaseConnection {
  const pool = new WatchedPool({ connectionString: url, max: poolMax });
  pool.on("connect", (client) => {
    databaseReached();
    client.on("error", databaseUnreachable);
  });
  // An idle client's error (say, the server restarting) must not crash the process.
  pool.on("error", (error) => log.error(errorFields(error), "database pool error"));
  return { url, db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}

/** What the app's own database server reports: its supervisor's news goes to the log and the status. */
const supervisorEvents: EmbeddedDatabaseEvents = {
  exited: ({ exitCode, signal, recentLog }) => {
    databaseRestarting(true);
    log.error({ exitCode, signal, recentLog }, "the embedded database exited unexpectedly: restarting it");
  },
  restartFailed: ({ attempt, retryInMs, error }) =>
    log.warn({ attempt, retryInMs, ...errorFields(error) }, "the embedded database did not restart yet"),
  restarted: ({ attempts, downMs }) => {
    databaseRestarting(false);
    log.info({ attempts, downMs }, "the embedded database restarted");
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
  return running ?? (await startEmbeddedDatabase({ ...settings, events: supervisorEvents }));
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
async function waitForRunningEmbeddedDatabase(settings: { directory: string; port: number }) {
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
  if (ownerUrl) {
    const owner = openDatabase(ownerUrl, 1);
    try {
      await migrateDatabase(owner.pool);
    } finally {
      await owner.close();
    }
    return;
  }
  try {
    if ((await appliedMigrationCount(appPool)) < (await committedMigrationCount())) await migrateDatabase(appPool);
  } catch (error) {
    if (postgresErrorCode(error) !== PostgresError.insufficientPrivilege) throw error;
    throw new Error(
      "The database needs its migrations, and DATABASE_URL's login may not change the schema: " +
        "set MIGRATION_DATABASE_URL to the owner's login, or run `npm run db:migrate` with it first.",
      { cause: error },
    );
  }
}

/** The database's protections (append-only records, frozen attempts) hold only against a login that could not switch them off. */
async function warnIfAppLoginIsPrivileged(appPool: Pool) {
  const { rows } = await appPool.query<{ role: string; superuser: boolean; owner: boolean }>(
    `select current_user as role, r.rolsuper as superuser,
            exists (select from pg_class c join pg_namespace n on n.oid = c.relnamespace
                     where n.nspname = 'public' and pg_has_role(c.relowner, 'USAGE')) as owner
       from pg_roles r where r.rolname = current_user`,
  );
  const { role, superuser, owner } = rows[0];
  if (!superuser && !owner) return;
  log.warn(
    { role, superuser, owner },
    `The app connects to PostgreSQL as ${role}, ${superuser ? "a superuser" : "the tables' owner"}: it could switch off the append-only triggers. ` +
      "Set DATABASE_URL to a login that owns nothing (olympiad_app) and MIGRATION_DATABASE_URL to the owner's (README, Least privilege in the database).",
  );
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
