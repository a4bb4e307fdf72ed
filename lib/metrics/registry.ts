import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * This instance's counters, in Prometheus text at /api/metrics. Kept on globalThis: the proxy,
 * instrumentation and every route are separate module copies that must count into one registry.
 * Each instance is scraped on its own; Prometheus sums across instances.
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "olympiad_" });
  return {
    registry,
    requests: new Counter({ name: "olympiad_http_requests_total", help: "API requests answered, by route, method and status", labelNames: ["route", "method", "status"], registers: [registry] }),
    latency: new Histogram({
      name: "olympiad_http_request_duration_seconds",
      help: "API request latency, by route and method",
      labelNames: ["route", "method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    examStarts: new Counter({ name: "olympiad_exam_starts_total", help: "Exam attempts started", registers: [registry] }),
    answerSaves: new Counter({ name: "olympiad_exam_answer_saves_total", help: "Answers saved", registers: [registry] }),
    submissions: new Counter({ name: "olympiad_exam_submissions_total", help: "Attempts submitted (by the participant, at time-up or by the overdue sweep)", registers: [registry] }),
    jobs: new Counter({ name: "olympiad_jobs_total", help: "Background jobs this instance ran, by queue and outcome", labelNames: ["queue", "outcome"], registers: [registry] }),
    queueDepth: new Gauge({ name: "olympiad_job_queue_jobs", help: "Jobs in the shared queue, by queue and state (pending, active, failed)", labelNames: ["queue", "state"], registers: [registry] }),
    storageFull: new Counter({ name: "olympiad_storage_full_total", help: "Writes the object store refused for lack of space (a full disk or quota)", registers: [registry] }),
    startPace: new Gauge({ name: "olympiad_exam_start_pace", help: "Turns a second this instance's exam start line hands out, as learnt (lib/exam/start-pace)", registers: [registry] }),
    pool: new Gauge({ name: "olympiad_db_pool_connections", help: "This instance's database pool, by state (total, idle, waiting requests)", labelNames: ["state"], registers: [registry] }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const METRICS_KEY = Symbol.for("olympiad.metrics");
const holder = globalThis as typeof globalThis & { [METRICS_KEY]?: Metrics };

export function metrics(): Metrics {
  return (holder[METRICS_KEY] ??= createMetrics());
}

/** Ids and numbers in a path become ":id", so each route is one series however many records. */
function routeLabel(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => (/^[0-9a-f-]{16,}$/i.test(segment) || /^\d+$/.test(segment) ? ":id" : segment))
    .join("/");
}

export function observeRequest(pathname: string, method: string, status: number, seconds: number): void {
  const route = routeLabel(pathname);
  metrics().requests.inc({ route, method, status: String(status) });
  metrics().latency.observe({ route, method }, seconds);
}

export function countJob(queue: string, outcome: "completed" | "failed", jobs: number): void {
  if (jobs > 0) metrics().jobs.inc({ queue, outcome }, jobs);
}
