import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type Queryable } from "@/lib/db";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` in the current fixed window. The counter lives in PostgreSQL,
 * so every app instance sees the same count; the database clock decides the window.
 */
export async function hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const db = await getDb();
  const { rows } = await db.execute<{ hits: number; retry_after: number }>(sql`
    insert into rate_limit_hits (key, window_start, hits)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set hits = rate_limit_hits.hits + 1
    returning hits, ceil(extract(epoch from window_start + make_interval(secs => ${windowSeconds}) - now()))::int as retry_after`);
  return { allowed: rows[0].hits <= limit, retryAfterSeconds: Math.max(1, rows[0].retry_after) };
}

/**
 * Failures answered with growing delays rather than a lock: `free` failures a window go by, the
 * next one must wait a window, and every failure made after waiting doubles the wait, up to
 * `capSeconds`. The count drains at `free` a window once the wait is over, so a key that stops
 * failing is soon forgotten (the hourly clean-up removes it after a quiet day).
 */
export interface Backoff {
  key: string;
  free: number;
  windowSeconds: number;
  capSeconds: number;
}

/** One row per key: `hits` failures so far, `window_start` when the last one was counted. */
interface BackoffState {
  failures: number;
  lastFailure: number;
  now: number;
}

function waitSeconds(backoff: Backoff, failures: number): number {
  if (failures < backoff.free) return 0;
  return Math.min(backoff.capSeconds, backoff.windowSeconds * 2 ** (failures - backoff.free));
}

function failuresNow(backoff: Backoff, state: BackoffState): number {
  const quiet = Math.max(0, state.now - state.lastFailure - waitSeconds(backoff, state.failures));
  return Math.max(0, state.failures - Math.floor((quiet * backoff.free) / backoff.windowSeconds));
}

function verdict(backoff: Backoff, state: BackoffState | undefined): RateLimitResult {
  const retryAfter = state ? state.lastFailure + waitSeconds(backoff, state.failures) - state.now : 0;
  return retryAfter > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(retryAfter) } : { allowed: true, retryAfterSeconds: 0 };
}

async function readBackoff(db: Queryable, key: string): Promise<BackoffState | undefined> {
  const { rows } = await db.execute<{ failures: number; last_failure: number; now: number }>(sql`
    select hits as failures, extract(epoch from window_start)::float8 as last_failure, extract(epoch from now())::float8 as now
    from rate_limit_hits where key = ${key} order by window_start desc limit 1`);
  return rows[0] && { failures: rows[0].failures, lastFailure: rows[0].last_failure, now: rows[0].now };
}

/** Whether the key may try now, and if not, for how many seconds it must wait. */
export async function backoffAllows(backoff: Backoff): Promise<RateLimitResult> {
  return verdict(backoff, await readBackoff(await getDb(), backoff.key));
}

async function count(backoff: Backoff, evenWhileWaiting: boolean): Promise<RateLimitResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${backoff.key}))`);
    const state = await readBackoff(tx, backoff.key);
    const result = verdict(backoff, state);
    if (!result.allowed && !evenWhileWaiting) return result;
    const failures = (state ? failuresNow(backoff, state) : 0) + 1;
    await tx.execute(sql`delete from rate_limit_hits where key = ${backoff.key}`);
    await tx.execute(sql`insert into rate_limit_hits (key, window_start, hits) values (${backoff.key}, now(), ${failures})`);
    return result;
  });
}

/**
 * Counts an attempt as a failure before it is made, unless the key must wait (then it is refused
 * and not counted); `clearFailures` takes it back when the attempt succeeds. Concurrent attempts
 * on one key take turns, so a burst cannot slip past the count.
 */
export function reserveAttempt(backoff: Backoff): Promise<RateLimitResult> {
  return count(backoff, false);
}

/** Counts a failure that has happened. */
export async function countFailure(backoff: Backoff): Promise<void> {
  await count(backoff, true);
}

/** Forgets the key's failures: its owner proved who they are. */
export async function clearFailures(key: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`delete from rate_limit_hits where key = ${key}`);
}
