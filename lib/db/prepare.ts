import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Pool, PoolClient } from "pg";
import PgBoss from "pg-boss";
import * as schema from "@/db/schema";
import { grantAppPrivileges } from "./privileges";
import type { Database } from "./types";

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/** The job queue's tables (pg-boss). */
export const JOB_QUEUE_SCHEMA = "pgboss";

/** Any fixed number: every instance that starts at once waits on the same lock. */
const PREPARE_LOCK_KEY = 7_316_001;

/**
 * Runs `work` on one connection while holding the preparation lock: several instances may start
 * at once against one server, and only one at a time may migrate or seed.
 */
export async function withPreparationLock<T>(pool: Pool, work: (db: Database, client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [PREPARE_LOCK_KEY]);
    return await work(drizzle(client, { schema }), client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [PREPARE_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

/**
 * Applies the committed migrations that this database has not applied yet, installs or upgrades
 * the job queue's tables, and grants the app's role what it needs: on the owner's login, which
 * alone may change the schema (./privileges.ts).
 */
export async function migrateDatabase(pool: Pool): Promise<void> {
  await withPreparationLock(pool, async (db, client) => {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await installJobQueue(client);
    await grantAppPrivileges(client);
  });
}

/**
 * pg-boss creates and upgrades its own tables when started; the app's role may not, so the owner
 * starts one here for that alone (no maintenance, no schedules) and stops it at once.
 */
async function installJobQueue(client: PoolClient) {
  const installer = new PgBoss({
    db: { executeSql: (text, values) => client.query(text, values) },
    schema: JOB_QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await installer.start();
  await installer.stop({ graceful: false, close: false });
}

/** How many migrations this release commits: a fully migrated database has applied as many. */
export async function committedMigrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations the database has applied: 0 before the first. */
export async function appliedMigrationCount(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ migrated: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as migrated");
  if (!rows[0].migrated) return 0;
  const applied = await pool.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
  return applied.rows[0].count;
}
