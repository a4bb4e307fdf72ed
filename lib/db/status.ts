import "server-only";
import { errorCode } from "@/lib/log";

/**
 * A cheap, in-process record of whether the database answers, so that liveness and readiness
 * judge an outage without touching the database. Fed by the pool (queries that succeed, failed
 * connections, connections that break), by the embedded server's supervisor (exit, restart) and
 * by a recovery probe that runs only while the database is marked down: it is marked up again
 * only by a query that succeeded, never by a server that merely accepts connections. Kept on globalThis: Next loads route modules and
 * instrumentation as separate module copies, and they share one pool.
 */
interface DatabaseState {
  /** When the database was first found unreachable since it last answered; unset while it answers. */
  downSince?: number;
  /** The embedded server exited and its supervisor is bringing it back. */
  restarting: boolean;
  /** The last failure's cause as a code (ECONNREFUSED, 57P01, restarting, …): safe to show anyone. */
  problem?: string;
  probe?: () => Promise<void>;
  probeTimer?: NodeJS.Timeout;
}

export interface DatabaseStatus {
  reachable: boolean;
  restarting: boolean;
  /** How long the database has been unreachable, in milliseconds (0 while it answers). */
  downForMs: number;
  problem?: string;
}

const STATE_KEY = Symbol.for("olympiad.database-status");
/** /api/ready turns 200 at most this long after the database answers again. */
const PROBE_INTERVAL_MS = 250;
const RESTARTING = "restarting";

function state(): DatabaseState {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: DatabaseState };
  return (holder[STATE_KEY] ??= { restarting: false });
}

/** A query succeeded (an orphaned backend of a killed server may still answer: not while restarting). */
export function databaseReached(): void {
  const current = state();
  if (current.downSince === undefined || current.restarting) return;
  current.downSince = undefined;
  current.problem = undefined;
  stopProbe(current);
}

/** The database could not be reached or dropped a connection. */
export function databaseUnreachable(cause: unknown): void {
  const current = state();
  current.downSince ??= Date.now();
  if (!current.restarting) current.problem = typeof cause === "string" ? cause : errorCode(cause);
  startProbe(current);
}

/** The embedded server exited (true) or is back and accepts connections (false): the probe's next query says when it answers. */
export function databaseRestarting(restarting: boolean): void {
  const current = state();
  current.restarting = restarting;
  if (!restarting) return;
  current.downSince ??= Date.now();
  current.problem = RESTARTING;
  startProbe(current);
}

export function databaseStatus(now = Date.now()): DatabaseStatus {
  const { downSince, restarting, problem } = state();
  return { reachable: downSince === undefined, restarting, downForMs: downSince === undefined ? 0 : now - downSince, problem };
}

/**
 * The query the recovery probe runs (a `select 1` through the pool) while the database is
 * marked down, so the record heals once the database answers again even without traffic.
 */
export function setDatabaseProbe(probe: (() => Promise<void>) | undefined): void {
  const current = state();
  current.probe = probe;
  if (!probe) stopProbe(current);
  else if (current.downSince !== undefined) startProbe(current);
}

function startProbe(current: DatabaseState) {
  if (current.probeTimer || !current.probe) return;
  current.probeTimer = setInterval(() => {
    if (!current.restarting) current.probe?.().then(databaseReached, databaseUnreachable);
  }, PROBE_INTERVAL_MS);
  current.probeTimer.unref();
}

function stopProbe(current: DatabaseState) {
  clearInterval(current.probeTimer);
  current.probeTimer = undefined;
}
