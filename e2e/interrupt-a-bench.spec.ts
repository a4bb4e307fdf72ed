import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { exited, signalGroup } from "./support/processes";

/** Every process below `root`, from /proc. */
async function descendants(root: number): Promise<{ pid: number; command: string }[]> {
  const all: { pid: number; parent: number; command: string }[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] !== "Z") all.push({ pid: Number(entry), parent: Number(fields[1]), command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) });
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) tree.push(...all.filter((process) => process.parent === tree[index]).map((process) => process.pid));
  return all.filter((process) => process.pid !== root && tree.includes(process.pid));
}

/** Running (a zombie has stopped: it only waits for its parent to notice). */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

test("a bench stopped half way (SIGTERM, as `timeout` sends) stops the server and database it started and removes its data", async () => {
  test.setTimeout(180_000);
  let output = "";
  // npm in a group of its own, so that afterwards nothing of it can be left behind by this test.
  const bench = spawn("npm", ["run", "--silent", "bench:pages", "--", "--requests", "100000"], { cwd: process.cwd(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
  bench.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  bench.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  let started: { pid: number; command: string }[] = [];
  try {
    // The bench prints its table's header once its server answers.
    await expect.poll(() => output, { timeout: 150_000 }).toContain("p50 (ms)");
    started = await descendants(bench.pid!);
    const postmaster = started.find((process) => process.command === "postgres");
    expect(postmaster, `the bench's embedded database among ${JSON.stringify(started)}`).toBeDefined();
    const dataDir = path.dirname(await readlink(`/proc/${postmaster!.pid}/cwd`));

    process.kill(bench.pid!, "SIGTERM");
    const stoppedAt = Date.now();
    await exited(bench);
    expect(Date.now() - stoppedAt).toBeLessThan(20_000);
    await expect.poll(() => started.filter((process) => alive(process.pid)), { timeout: 5000 }).toEqual([]);
    expect(existsSync(dataDir), `${dataDir} is removed`).toBe(false);
  } finally {
    signalGroup(bench, "SIGKILL");
    for (const { pid } of started) if (alive(pid)) process.kill(pid, "SIGKILL");
  }
});
