// `npm start`: serves the production build with WEB_CONCURRENCY instances of `next start` (default
// 1) on one port. One Node process runs JavaScript on one core, so a server with more cores runs
// more instances: Node's cluster module hands each new connection to the next instance in turn.
// Instances keep nothing another one needs, as on several machines behind a proxy. The first
// instance starts the embedded database when DATABASE_URL is unset; the others come up once it is
// ready (it says so over the cluster's channel) and share that server (EMBEDDED_DATABASE_SHARED).
import cluster from "node:cluster";
import path from "node:path";

/** Loaded here and into each instance forked below: the exam start line's door, the listen backlog. */
const PRELOADS = ["front-door.mjs", "listen-backlog.mjs"].map((file) => path.resolve("scripts", file));
for (const preload of PRELOADS) await import(preload);

const NEXT = path.resolve("node_modules/next/dist/bin/next");
const nextArguments = ["start", ...process.argv.slice(2)];
/** Wait before bringing back an instance that stopped on its own. */
const RESTART_DELAY_MS = 1000;

const instances = Number(process.env.WEB_CONCURRENCY || 1);
if (!Number.isInteger(instances) || instances < 1 || instances > 64) {
  console.error(`WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "${process.env.WEB_CONCURRENCY}")`);
  process.exit(1);
}

if (instances === 1) {
  process.argv.splice(2, Infinity, ...nextArguments);
  await import(NEXT);
} else {
  superviseInstances(instances);
}

function superviseInstances(count) {
  cluster.setupPrimary({ exec: NEXT, args: nextArguments, execArgv: [...process.execArgv, ...PRELOADS.flatMap((preload) => ["--import", preload])] });
  const roles = new Map(); // worker id → "owner" | "shared"
  let stopping = false;
  let exitCode = 0;

  let ready = false;
  const start = (role, replacing) => {
    const worker = cluster.fork(role === "shared" ? { EMBEDDED_DATABASE_SHARED: "true" } : {});
    roles.set(worker.id, role);
    worker.on("message", (message) => {
      if (message?.instanceReady !== true) return;
      if (replacing) console.info(`instance ${worker.process.pid} is ready in place of ${replacing}`);
      if (ready) return;
      ready = true;
      for (let index = 1; index < count; index++) start("shared");
      console.info(`serving with ${count} instances (WEB_CONCURRENCY)`);
    });
  };
  start("owner");

  cluster.on("exit", (worker, code, signal) => {
    const role = roles.get(worker.id);
    roles.delete(worker.id);
    if (code) exitCode = code;
    if (stopping) {
      if (roles.size === 0) process.exit(exitCode);
      else if ([...roles.values()].every((left) => left === "owner")) signalAll("SIGTERM");
      return;
    }
    // A first instance that never came up (a wrong setting, a busy port) is a failed start.
    if (!ready) {
      stopping = true;
      signalAll("SIGTERM");
      if (roles.size === 0) process.exit(code || 1);
      return;
    }
    console.error(`instance ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}): starting another`);
    setTimeout(() => stopping || start(role, worker.process.pid), RESTART_DELAY_MS);
  });

  // Every instance drains at once (readiness fails, the port stops accepting connections), and the
  // shared ones stop first: the first instance's embedded database serves them until then.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const shared = [...roles].filter(([, role]) => role === "shared");
    if (shared.length === 0) return signalAll("SIGTERM");
    for (const [id, role] of roles) if (role === "owner" && cluster.workers[id]?.isConnected()) cluster.workers[id].send({ shutdown: "drain" });
    for (const [id] of shared) cluster.workers[id]?.process.kill("SIGTERM");
  };
  const signalAll = (signal) => {
    for (const worker of Object.values(cluster.workers)) worker?.process.kill(signal);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
