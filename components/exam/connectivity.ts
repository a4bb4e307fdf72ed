/**
 * The exam's news about the connection: the browser's `online` event and every request that
 * reached the server and succeeded. Queues waiting out a back-off listen, so they send at once
 * when the server answers again instead of waiting for their next retry.
 */

type Listener = () => void;

const listeners = new Set<Listener>();

/** A request reached the server and succeeded: whatever waits may go now. */
export function reportReachable() {
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` on every success and whenever the browser comes back online; returns the unsubscribe. */
export function whenReachable(listener: Listener): () => void {
  listeners.add(listener);
  const online = () => listener();
  if (typeof window !== "undefined") window.addEventListener("online", online);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("online", online);
  };
}

/** Why requests fail: the browser is offline or cannot connect, or the server answers with errors or not at all. */
export type FailureCause = "connection" | "server";

/** A failed request's cause: a network error (fetch threw) or an offline browser blames the connection. */
export function failureCause(error: unknown, status?: number): FailureCause {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return "connection";
  if (status !== undefined) return "server";
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError") ? "server" : "connection";
}
