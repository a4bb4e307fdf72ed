import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Pool } from "pg";
import * as schema from "@/db/schema";
import { seedDatabase } from "@/lib/seed";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/** Any fixed number: every instance that starts at once waits on the same lock. */
const PREPARE_LOCK_KEY = 7_316_001;

/**
 * Applies pending migrations and seeds an empty database. Several instances may start at
 * once against one server, so the work runs under a PostgreSQL advisory lock.
 */
export async function prepareDatabase(pool: Pool, options: { seed?: boolean } = {}) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [PREPARE_LOCK_KEY]);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    if (options.seed ?? true) {
      const existing = await db.execute<{ count: number }>(sql`select count(*)::int as count from users`);
      if (existing.rows[0].count === 0) await seedDatabase(db);
    }
  } finally {
    await client.query("select pg_advisory_unlock($1)", [PREPARE_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

export async function migrateDatabase(pool: Pool) {
  await prepareDatabase(pool, { seed: false });
}

/** How many migrations this release commits: a fully migrated database has applied as many. */
export async function committedMigrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}
