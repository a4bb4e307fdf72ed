import "server-only";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool, type PoolClient } from "pg";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";
import { errorFields, log } from "@/lib/log";
import { findRunningEmbeddedDatabase, startEmbeddedDatabase, type EmbeddedDatabaseEvents } from "./embedded";
import { migrateDatabase } from "./prepare";
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

/**
 * Opens the configured database, starting the embedded server when no DATABASE_URL is set.
 * With `shareRunningServer`, an embedded server that a running app already serves is used
 * as it is (and left running) instead of refusing to start a second one.
 */
export async function openConfiguredDatabase(
  options: { shareRunningServer?: boolean } = {},
): Promise<DatabaseConnection> {
  const settings = config.database;
  if (settings.kind === "external") return openDatabase(settings.url);
  if (settings.shared) return openDatabase((await waitForRunningEmbeddedDatabase(settings)).url);
  const running = options.shareRunningServer ? await findRunningEmbeddedDatabase(settings) : undefined;
  const embedded = running ?? (await startEmbeddedDatabase({ ...settings, events: supervisorEvents }));
  const connection = openDatabase(embedded.url);
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await embedded.stop();
    },
  };
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
  const connection = await openConfiguredDatabase();
  try {
    await migrateDatabase(connection.pool);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
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
