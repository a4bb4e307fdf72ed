import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { undoLater } from "./clean-up";

/** The Node.js `npm start` serves on (scripts/node24.sh): what an exam day runs. */
export function productionNode(): string {
  return execFileSync("bash", [path.resolve("scripts/node24.sh")], { encoding: "utf8" }).trim();
}

interface ServerRuntime {
  /** Another Node.js binary than `npm start`'s, to compare runtimes. */
  node?: string;
  /** Options for its Node processes (`--cpu-prof`, say). */
  nodeArgs?: string[];
  /** Where its log goes once it is up (else nowhere): a line per request, and what it says of its database. */
  logFile?: string;
  /** The checkout whose build it serves (another one's, to compare builds side by side); this one by default. */
  project?: string;
}

/**
 * Starts the production build as `npm start` does (`scripts/start.mjs` on its Node.js, with its
 * graceful shutdown; WEB_CONCURRENCY in `env` sets its instances) and waits until it answers. It
 * is stopped, with its database, when the bench ends or is interrupted (./clean-up.ts).
 */
export async function startProductionServer(env: Record<string, string>, port: number, { node = productionNode(), nodeArgs = [], logFile, project = process.cwd() }: ServerRuntime = {}): Promise<ChildProcess> {
  // A process group of its own: stopping it reaches its instances and database, and a Ctrl-C in
  // the terminal reaches the bench alone, which stops it once.
  const server = spawn(node, [...nodeArgs, path.join(project, "scripts/start.mjs")], {
    cwd: project,
    env: { ...process.env, NEXT_MANUAL_SIG_HANDLE: "true", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  undoLater(() => stopServer(server));
  let log = "";
  // Kept only to explain a failed start; once up, its log (a line per request) is read and dropped.
  const keep = (chunk: Buffer) => (log += chunk);
  server.stdout!.on("data", keep);
  server.stderr!.on("data", keep);
  for (let waited = 0; waited < 120_000 && server.exitCode === null; waited += 250) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/prizelisting`)).ok) {
        server.stdout!.off("data", keep);
        server.stderr!.off("data", keep);
        if (logFile) {
          const file = createWriteStream(logFile);
          file.write(log);
          server.stdout!.pipe(file);
          server.stderr!.pipe(file);
        } else {
          server.stdout!.resume();
          server.stderr!.resume();
        }
        return server;
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(server);
  throw new Error(`server did not start:\n${log}`);
}

/** Past the server's own drain (SHUTDOWN_DRAIN_SECONDS, 10 by default, and 2 s): then its process group is killed. */
const STOP_TIMEOUT_MS = 15_000;

/** Stops the server gracefully, or kills its process group (instances, database) when it overruns. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  const timer = setTimeout(() => {
    try {
      process.kill(-server.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
  // A database whose server died before stopping it would outlive it.
  try {
    process.kill(-server.pid!, "SIGKILL");
  } catch {
    // nothing left
  }
}
