/**
 * Time to first byte of the public pages of a production build: each page is asked for once to
 * warm up, then `--requests` times one after another; prints p50, p95 and mean per page. Starts
 * its own server on a fresh embedded database (needs `npm run build` first), or measures a
 * running one given with --base.
 *
 *   npm run bench:pages -- [--requests 50] [--base http://localhost:3000]
 */
import { rm } from "node:fs/promises";
import { parseArgs } from "node:util";
import { freePort, temporaryDirectory } from "../tests/support/test-server";
import { undoAll, undoLater } from "./support/clean-up";
import { startProductionServer } from "./support/production-server";

const PAGES = ["/", "/quizeslist", "/prizelisting", "/winnerleaderboard", "/readblogs/how-olympiad-works", "/privacypolicy"];

const { values: args } = parseArgs({ options: { requests: { type: "string", default: "50" }, base: { type: "string" } } });
const requests = Number(args.requests);

async function timeToFirstByte(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual" });
  // fetch resolves when the status line and headers arrive: the first byte of the answer.
  const elapsed = performance.now() - started;
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`${url} answered ${response.status}`);
  return elapsed;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

let base = args.base;
if (!base) {
  const port = await freePort();
  base = `http://localhost:${port}`;
  const dataDir = await temporaryDirectory("olympiad-bench-pages-");
  undoLater(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }));
  await startProductionServer({ DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(await freePort()), NEXTAUTH_URL: base, APP_URL: base, NEXT_TELEMETRY_DISABLED: "1" }, port);
}

try {
  console.log(`${"page".padEnd(34)} ${"p50 (ms)".padStart(9)} ${"p95 (ms)".padStart(9)} ${"mean (ms)".padStart(10)}`);
  for (const page of PAGES) {
    await timeToFirstByte(`${base}${page}`);
    const samples: number[] = [];
    for (let i = 0; i < requests; i++) samples.push(await timeToFirstByte(`${base}${page}`));
    samples.sort((a, b) => a - b);
    const mean = samples.reduce((sum, sample) => sum + sample, 0) / samples.length;
    console.log(`${page.padEnd(34)} ${percentile(samples, 0.5).toFixed(1).padStart(9)} ${percentile(samples, 0.95).toFixed(1).padStart(9)} ${mean.toFixed(1).padStart(10)}`);
  }
} finally {
  await undoAll();
}
