import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";

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
