import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A database URL nobody answers at: a machine holding only a downloaded file. */
const NO_DATABASE = "postgresql://nobody@127.0.0.1:1/nowhere";

/** Runs `npm run results:verify` with `args` as a separate process: its exit code and everything it printed. */
export async function runResultsVerify(args: string[], dataDir: string, databaseUrl = NO_DATABASE): Promise<{ code: number; output: string }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
  try {
    const { stdout, stderr } = await promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/results-verify.ts", ...args], { cwd: ROOT, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}
