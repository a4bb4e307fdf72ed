import "server-only";
import { timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { connectDatabase } from "@/lib/db";
import { NotFound, Unauthenticated } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { SYSTEM } from "@/lib/auth";
import { queueCounts } from "@/lib/jobs";
import { metrics } from "./registry";

/** Only a scraper holding METRICS_TOKEN may read; with no token configured there is nothing here. */
export function authoriseScrape(authorization: string | null): void {
  if (!config.metricsToken) throw new NotFound(message("metricsOff"));
  const expected = Buffer.from(`Bearer ${config.metricsToken}`);
  const given = Buffer.from(authorization ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Unauthenticated(message("metricsTokenRequired"));
}

/** The registry in Prometheus text, with the queue and pool gauges read at scrape time. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry, queueDepth, pool } = metrics();
  const [counts, connection] = await Promise.all([queueCounts(SYSTEM), connectDatabase()]);
  for (const { queue, pending, active, failed } of counts) {
    queueDepth.set({ queue, state: "pending" }, pending);
    queueDepth.set({ queue, state: "active" }, active);
    queueDepth.set({ queue, state: "failed" }, failed);
  }
  pool.set({ state: "total" }, connection.pool.totalCount);
  pool.set({ state: "idle" }, connection.pool.idleCount);
  pool.set({ state: "waiting" }, connection.pool.waitingCount);
  return { contentType: registry.contentType, body: await registry.metrics() };
}
