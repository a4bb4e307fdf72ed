import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { config } from "@/lib/config";
import { committedMigrationCount, databaseStatus, getDb } from "@/lib/db";
import { errorCode, errorFields, log } from "@/lib/log";
import { storage } from "@/lib/storage";

/** What anyone may see of a check: whether it passed and, if not, a short cause code (never a message). */
export interface Check {
  ok: boolean;
  cause?: string;
}

const TIMEOUT_MS = 1000;

class CheckTimeout extends Error {
  override name = "timeout";
}

/** Runs a check within the timeout; a failure is told by its code only (ECONNREFUSED, 57P01, ENOSPC, timeout…). */
async function check(name: string, work: () => Promise<string | undefined>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), TIMEOUT_MS);
  });
  try {
    const cause = await Promise.race([work(), timeout]);
    failures.delete(name);
    return cause ? { ok: false, cause } : { ok: true };
  } catch (error) {
    const cause = errorCode(error);
    // The rest of the error goes to the log, once per check and cause: a balancer asks every few seconds.
    if (failures.get(name) !== cause) log.warn({ check: name, ...errorFields(error) }, "readiness check failed");
    failures.set(name, cause);
    return { ok: false, cause };
  } finally {
    clearTimeout(timer);
  }
}

/** Kept on globalThis, as everything instrumentation and route modules share (they are separate module copies). */
const FAILURES_KEY = Symbol.for("olympiad.readiness-failures");
const STOPPING_KEY = Symbol.for("olympiad.stopping");
const shared = globalThis as typeof globalThis & { [FAILURES_KEY]?: Map<string, string>; [STOPPING_KEY]?: boolean };
const failures = (shared[FAILURES_KEY] ??= new Map<string, string>());

/** The instance began to shut down (lib/server): readiness fails from now on, so a balancer stops sending it requests. */
export function markStopping(): void {
  shared[STOPPING_KEY] = true;
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
 * For load balancers and orchestrators: ready means this instance can serve, that is it is not
 * shutting down, the database answers (as the pool last saw it, then a `select 1`), every
 * committed migration is applied and the object store takes writes.
 */
export async function readiness() {
  const down = (cause: string): Check => ({ ok: false, cause });
  if (shared[STOPPING_KEY]) return { ready: false, checks: { instance: down("stopping") } };
  // While the pool sees the database down, the answer comes at once and queries nothing (the
  // status heals when a query succeeds), nor waits on the object store: the instance cannot serve.
  const database = databaseStatus();
  if (!database.reachable) return { ready: false, checks: { instance: { ok: true }, database: down(database.problem ?? "unreachable") } };
  const storing = check("objectStore", async () => {
    const key = `health/${randomUUID()}`;
    await storage().put(key, new TextEncoder().encode("ok"), "text/plain");
    await storage().delete(key);
    return undefined;
  });
  const [reached, migrations] = await Promise.all([
    check("database", async () => void (await (await getDb()).execute(sql`select 1`))),
    check("migrations", async () => {
      const committed = await committedMigrationCount();
      const { rows } = await (await getDb()).execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
      return rows[0].applied === committed ? undefined : "pending";
    }),
  ]);
  // A database lost in the meantime is told at once, without waiting on a slow store.
  if (!reached.ok) return { ready: false, checks: { instance: { ok: true }, database: reached } };
  const objectStore = await storing;
  return { ready: migrations.ok && objectStore.ok, checks: { instance: { ok: true }, database: reached, migrations, objectStore } };
}
