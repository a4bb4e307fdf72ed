import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { config } from "@/lib/config";

interface RequestContext {
  requestId: string;
}

/**
 * Kept on globalThis: Next loads instrumentation, the proxy and route modules as separate
 * module copies, and a line logged deep inside a service must still find its request's id.
 */
const CONTEXT_KEY = Symbol.for("olympiad.request-context");
const holder = globalThis as typeof globalThis & { [CONTEXT_KEY]?: AsyncLocalStorage<RequestContext> };
const requestContext = (holder[CONTEXT_KEY] ??= new AsyncLocalStorage<RequestContext>());

/** Runs work with a request id that every log line written during it carries. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work);
}

/**
 * One JSON object per line on stdout. Callers log ids, counts and durations — never
 * passwords, tokens, answers, emails or names; the redaction below is a second fence.
 */
export const log = pino({
  level: config.logLevel,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: () => {
    const context = requestContext.getStore();
    return context ? { requestId: context.requestId } : {};
  },
  redact: {
    paths: ["password", "*.password", "token", "*.token", "email", "*.email", "authorization", "*.authorization", "cookie", "*.cookie"],
    censor: "[redacted]",
  },
});

export { errorCode, errorFields } from "./errors";
export { routeConsoleToLog } from "./console";
