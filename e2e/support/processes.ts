import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { readFile } from "node:fs/promises";

/** Starting, waiting for and stopping the servers an end-to-end test runs itself. */

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Signals the child's whole process group (it was spawned detached, as the group's leader), even
 * when the leader itself is gone: a server it started may still be running.
 */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

/** Asks politely, then insists. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals) {
  signalGroup(child, signal);
  const stopped = await Promise.race([exited(child).then(() => true), new Promise<false>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, false))]);
  if (!stopped) {
    signalGroup(child, "SIGKILL");
    await exited(child);
  }
}

export function spawnLogged(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): ChildProcess {
  const log = openSync(options.logFile, "a");
  try {
    return spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", log, log] });
  } finally {
    closeSync(log);
  }
}

export async function waitFor(what: string, url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what} exited while starting:\n${await readFile(logFile, "utf8")}`);
    }
    const status = await fetch(url, { signal: AbortSignal.timeout(5000) }).then((response) => response.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready at ${url} within ${READY_TIMEOUT_MS} ms:\n${await readFile(logFile, "utf8")}`);
}

