import "server-only";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import * as schema from "@/db/schema";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { findRunningEmbeddedDatabase, startEmbeddedDatabase } from "./embedded";
import { migrateDatabase } from "./prepare";
import type { Database } from "./types";

export interface DatabaseConnection {
  /** Where it connects: the job queue opens its own small pool to the same database. */
  readonly url: string;
  readonly db: Database;
  readonly pool: Pool;
  close(): Promise<void>;
}

export function openDatabase(url: string, poolMax = config.database.poolMax): DatabaseConnection {
  const pool = new Pool({ connectionString: url, max: poolMax });
  // An idle client's error (say, the server restarting) must not crash the process.
  pool.on("error", (error) => log.error({ error: error.message }, "database pool error"));
  return { url, db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}

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
  const running = options.shareRunningServer ? await findRunningEmbeddedDatabase(settings) : undefined;
  const embedded = running ?? (await startEmbeddedDatabase(settings));
  const connection = openDatabase(embedded.url);
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await embedded.stop();
    },
  };
}

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
  holder[CONNECTION_KEY] ??= startConfiguredDatabase().catch((error) => {
    delete holder[CONNECTION_KEY];
    throw error;
  });
  return holder[CONNECTION_KEY];
}

export async function getDb(): Promise<Database> {
  return (await connectDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as GlobalWithConnection;
  const connection = holder[CONNECTION_KEY];
  delete holder[CONNECTION_KEY];
  if (connection) await (await connection).close();
}
