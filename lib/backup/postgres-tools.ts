import { execFile } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { config } from "@/lib/config";

const run = promisify(execFile);

/** Debian and Ubuntu install each PostgreSQL major version's programs here. */
const DEBIAN_POSTGRESQL_ROOT = "/usr/lib/postgresql";

export interface PostgresTools {
  pgDump: string;
  pgRestore: string;
  major: number;
}

/**
 * pg_dump refuses a server newer than itself, and pg_restore reads only archives of its own
 * version or older: look for a pair at least as new as the server, first in PG_BIN_DIR, then in
 * Debian's per-version directories, then on the PATH.
 */
export async function findPostgresTools(serverMajor: number): Promise<PostgresTools | undefined> {
  const directories = [
    ...(config.backup.pgBinDir ? [config.backup.pgBinDir] : []),
    ...(await debianBinDirectories(serverMajor)),
    undefined,
  ];
  for (const directory of directories) {
    const pgDump = directory ? path.join(directory, "pg_dump") : "pg_dump";
    const pgRestore = directory ? path.join(directory, "pg_restore") : "pg_restore";
    const major = await toolMajorVersion(pgDump);
    if (major === undefined || major < serverMajor) continue;
    if ((await toolMajorVersion(pgRestore)) !== major) continue;
    return { pgDump, pgRestore, major };
  }
  return undefined;
}

async function debianBinDirectories(serverMajor: number): Promise<string[]> {
  const entries = await readdir(DEBIAN_POSTGRESQL_ROOT).catch(() => [] as string[]);
  return entries
    .map(Number)
    .filter((major) => Number.isInteger(major) && major >= serverMajor)
    .sort((a, b) => a - b)
    .map((major) => path.join(DEBIAN_POSTGRESQL_ROOT, String(major), "bin"));
}

async function toolMajorVersion(program: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(program, ["--version"]);
    const match = stdout.match(/\(PostgreSQL\) (\d+)/);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export async function dumpWithPgDump(tools: PostgresTools, databaseUrl: string, file: string): Promise<void> {
  // The custom format is compressed and lets pg_restore pick objects and order them itself.
  await runTool(tools.pgDump, ["--format=custom", `--file=${file}`, `--dbname=${databaseUrl}`]);
}

export async function restoreWithPgRestore(tools: PostgresTools, databaseUrl: string, file: string): Promise<void> {
  // One transaction: a failed restore leaves the target as empty as it was. Privileges are left
  // out: they name the app's role, which the target's server may lack
  // (one login for both); restoreDatabase grants this release's instead.
  await runTool(tools.pgRestore, ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${databaseUrl}`, file]);
}

async function runTool(program: string, args: string[]): Promise<void> {
  try {
    await run(program, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(program)} failed${stderr ? `: ${stderr}` : ""}`, { cause: error });
  }
}
