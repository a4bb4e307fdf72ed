import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { committedMigrationCount, databaseReached, databaseStatus, getDb } from "@/lib/db";
import { storage } from "@/lib/storage";

export interface Check {
  ok: boolean;
  detail?: string;
}

async function check(work: () => Promise<string | undefined>): Promise<Check> {
  try {
    const detail = await work();
    return detail ? { ok: false, detail } : { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

const TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  const timeout = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref();
  });
  return Promise.race([work, timeout]);
}

/** The deepest cause's code (ECONNREFUSED, 57P01, …) or first line: never a query's parameters. */
function causeOf(error: unknown): string {
  let deepest = error;
  while (deepest instanceof Error && deepest.cause) deepest = deepest.cause;
  const code = (deepest as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code) return code;
  return deepest instanceof Error ? deepest.message.split("\n")[0] : String(deepest);
}

/**
 * For a supervisor (liveness): healthy while the process runs, unless the database has been
 * unreachable longer than HEALTH_DATABASE_DOWN_SECONDS, which a restart of the app may cure.
 * Reads the pool's in-process record only: it never queries the database.
 */
export function liveness() {
  const database = databaseStatus();
  const limitMs = config.health.databaseDownLimitMs;
  const healthy = database.downForMs <= limitMs;
  return {
    healthy,
    ...(healthy ? {} : { database: `unreachable for ${Math.round(database.downForMs / 1000)} s (${database.problem ?? "no answer"})` }),
  };
}

/**
 * For load balancers and orchestrators: ready means this instance can serve, that is the
 * database answers, every committed migration is applied and the object store takes writes.
 */
export async function readiness() {
  const [database, migrations, objectStore] = await Promise.all([
    check(async () => {
      if (databaseStatus().restarting) return "down (restarting)";
      const db = await withTimeout(getDb());
      try {
        await withTimeout(db.execute(sql`select 1`));
      } catch (error) {
        return `down (${databaseStatus().problem ?? causeOf(error)})`;
      }
      databaseReached();
      return undefined;
    }),
    check(async () => {
      const committed = await committedMigrationCount();
      const db = await withTimeout(getDb());
      const { rows } = await withTimeout(db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`));
      const applied = rows[0].applied;
      return applied === committed ? undefined : `${applied} of ${committed} migrations applied`;
    }),
    check(async () => {
      const key = `health/${randomUUID()}`;
      await withTimeout(storage().put(key, new TextEncoder().encode("ok"), "text/plain"));
      await storage().delete(key);
      return undefined;
    }),
  ]);
  return { ready: database.ok && migrations.ok && objectStore.ok, checks: { database, migrations, objectStore } };
}
