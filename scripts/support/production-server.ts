import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/** The Node.js `npm start` serves on (scripts/node24.sh): what an exam day runs. */
export function productionNode(): string {
  return execFileSync("bash", [path.resolve("scripts/node24.sh")], { encoding: "utf8" }).trim();
}

interface ServerRuntime {
  /** Another Node.js binary than `npm start`'s, to compare runtimes. */
  node?: string;
  /** Options for its Node processes (`--cpu-prof`, say). */
  nodeArgs?: string[];
}

/**
 * Starts the production build as `npm start` does (`scripts/start.mjs` on its Node.js;
 * WEB_CONCURRENCY in `env` sets its instances) and waits until it answers.
 */
export async function startProductionServer(env: Record<string, string>, port: number, { node = productionNode(), nodeArgs = [] }: ServerRuntime = {}): Promise<ChildProcess> {
  const server = spawn(node, [...nodeArgs, path.resolve("scripts/start.mjs")], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  // Kept only to explain a failed start; once up, its log (a line per request) is read and dropped.
  const keep = (chunk: Buffer) => (log += chunk);
  server.stdout!.on("data", keep);
  server.stderr!.on("data", keep);
  for (let waited = 0; waited < 120_000; waited += 250) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/prizelisting`)).ok) {
        server.stdout!.off("data", keep).resume();
        server.stderr!.off("data", keep).resume();
        return server;
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGTERM");
  throw new Error(`server did not start:\n${log}`);
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}
