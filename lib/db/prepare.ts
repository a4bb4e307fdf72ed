import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Pool } from "pg";
import * as schema from "@/db/schema";
import type { Database } from "./types";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/** Any fixed number: every instance that starts at once waits on the same lock. */
const PREPARE_LOCK_KEY = 7_316_001;

/**
 * Runs `work` on one connection while holding the preparation lock: several instances may start
 * at once against one server, and only one at a time may migrate or seed.
 */
export async function withPreparationLock<T>(pool: Pool, work: (db: Database) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [PREPARE_LOCK_KEY]);
    return await work(drizzle(client, { schema }));
  } finally {
    await client.query("select pg_advisory_unlock($1)", [PREPARE_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

/** Applies the committed migrations that this database has not applied yet. */
export async function migrateDatabase(pool: Pool): Promise<void> {
  await withPreparationLock(pool, (db) => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
}

/** How many migrations this release commits: a fully migrated database has applied as many. */
export async function committedMigrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}
