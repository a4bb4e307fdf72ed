import "server-only";

/**
 * A cheap, in-process record of whether the database answers, so that liveness can judge an
 * outage without touching the database. Fed by the pool (new connections, connection errors),
 * by the embedded server's supervisor (exit, restart) and by a recovery probe that runs only
 * while the database is marked down. Kept on globalThis: Next loads route modules and
 * instrumentation as separate module copies, and they share one pool.
 */
interface DatabaseState {
  /** When the database was first found unreachable since it last answered; unset while it answers. */
  downSince?: number;
  /** The embedded server exited and its supervisor is bringing it back. */
  restarting: boolean;
  /** The last failure's cause, as a code (ECONNREFUSED, 57P01, …) or a short message. */
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
const PROBE_INTERVAL_MS = 1000;

function state(): DatabaseState {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: DatabaseState };
  return (holder[STATE_KEY] ??= { restarting: false });
}

/** The database answered: a new connection opened, a probe or a readiness check succeeded. */
export function databaseReached(): void {
  const current = state();
  if (current.restarting) return;
  current.downSince = undefined;
  current.problem = undefined;
  stopProbe(current);
}

/** The database could not be reached or dropped a connection. */
export function databaseUnreachable(cause: unknown): void {
  const current = state();
  current.downSince ??= Date.now();
  current.problem = describeCause(cause);
  startProbe(current);
}

/** The embedded server exited (true) or is back and accepts connections (false). */
export function databaseRestarting(restarting: boolean): void {
  const current = state();
  current.restarting = restarting;
  if (restarting) databaseUnreachable("the embedded database exited");
  else databaseReached();
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
    current.probe?.().then(databaseReached, databaseUnreachable);
  }, PROBE_INTERVAL_MS);
  current.probeTimer.unref();
}

function stopProbe(current: DatabaseState) {
  clearInterval(current.probeTimer);
  current.probeTimer = undefined;
}

function describeCause(cause: unknown): string {
  if (typeof cause === "string") return cause;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code) return code;
  return cause instanceof Error ? cause.message.split("\n")[0] : String(cause);
}
