import { format } from "node:util";
import type { Logger } from "pino";
import { errorFields } from "./errors";

const ROUTED = Symbol.for("olympiad.console-routed");
const COLOURS = /\u001b\[[0-9;]*m/g;

/**
 * Routes console.error, console.warn, console.info and console.log through the logger, so what
 * Next itself prints (a page that failed to render, a warning) is one JSON line like every
 * other: an Error argument becomes the error fields (code, cause chain and stack, without the
 * data it carries), the other arguments the message. Empty lines are dropped. Answers a
 * function that puts the console back.
 */
export function routeConsoleToLog(log: Logger): () => void {
  const holder = console as Console & { [ROUTED]?: boolean };
  if (holder[ROUTED]) return () => {};
  holder[ROUTED] = true;
  const levels = { error: "error", warn: "warn", info: "info", log: "info" } as const;
  const originals = { error: console.error, warn: console.warn, info: console.info, log: console.log };
  for (const [method, level] of Object.entries(levels) as [keyof typeof levels, (typeof levels)[keyof typeof levels]][]) {
    console[method] = (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const message = format(...args.filter((arg) => arg !== error))
        .replace(COLOURS, "")
        .trim();
      if (error === undefined && message === "") return;
      log[level]({ source: "console", ...(error === undefined ? {} : errorFields(error)) }, message || "error");
    };
  }
  return () => {
    Object.assign(console, originals);
    delete holder[ROUTED];
  };
}
