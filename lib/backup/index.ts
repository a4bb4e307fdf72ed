import "server-only";
import { open, mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Client } from "pg";
import { config } from "@/lib/config";
import { grantAppPrivileges } from "@/lib/db";
import { restoreLogicalBackup, writeLogicalBackup } from "./logical";
import { dumpWithPgDump, findPostgresTools, restoreWithPgRestore } from "./postgres-tools";

/**
 * Backups of the whole database. With a pg_dump as new as the server, a compressed pg_dump
 * archive; otherwise (the embedded PostgreSQL ships no pg_dump) the built-in format of
 * ./logical.ts. A restore tells the two apart by the file's first bytes.
 */
export type BackupFormat = "pg_dump" | "built-in";

const FILE_EXTENSIONS: Record<BackupFormat, string> = { pg_dump: "dump", "built-in": "copy.gz" };
const PG_DUMP_SIGNATURE = Buffer.from("PGDMP");
const GZIP_SIGNATURE = Buffer.from([0x1f, 0x8b]);

export interface Backup {
  file: string;
  format: BackupFormat;
  bytes: number;
}

/** Writes a backup of the database to `file`, or to a timestamped file in the backup directory. */
export async function backupDatabase(databaseUrl: string, file?: string): Promise<Backup> {
  const tools = await findPostgresTools(await serverMajorVersion(databaseUrl));
  const format: BackupFormat = tools ? "pg_dump" : "built-in";
  const target = path.resolve(file ?? path.join(config.backup.directory, `olympiad-${utcTimestamp()}.${FILE_EXTENSIONS[format]}`));
  await mkdir(path.dirname(target), { recursive: true });
  try {
    if (tools) await dumpWithPgDump(tools, databaseUrl, target);
    else await writeLogicalBackup(databaseUrl, target);
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return { file: target, format, bytes: (await stat(target)).size };
}

/**
 * Restores a backup of either format into the database, which must be empty, on the owner's login
 * (the app's may not create tables). The app's role gets this release's privileges, not those the
 * backup was taken with.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<BackupFormat> {
  const format = await detectFormat(file);
  await assertEmptyDatabase(databaseUrl);
  if (format === "built-in") {
    await restoreLogicalBackup(databaseUrl, file);
    return format;
  }
  const serverMajor = await serverMajorVersion(databaseUrl);
  const tools = await findPostgresTools(serverMajor);
  if (!tools) {
    throw new Error(
      `${file} is a pg_dump archive, and restoring it needs pg_restore ${serverMajor} or newer: ` +
        `install it or point PG_BIN_DIR at its directory.`,
    );
  }
  await restoreWithPgRestore(tools, databaseUrl, file);
  await query(databaseUrl, grantAppPrivileges);
  return format;
}

async function detectFormat(file: string): Promise<BackupFormat> {
  const handle = await open(file, "r");
  const start = Buffer.alloc(PG_DUMP_SIGNATURE.length);
  try {
    await handle.read(start, 0, start.length, 0);
  } finally {
    await handle.close();
  }
  if (start.subarray(0, PG_DUMP_SIGNATURE.length).equals(PG_DUMP_SIGNATURE)) return "pg_dump";
  if (start.subarray(0, GZIP_SIGNATURE.length).equals(GZIP_SIGNATURE)) return "built-in";
  throw new Error(`${file} is not a backup made by npm run db:backup (neither a pg_dump archive nor gzip).`);
}

async function assertEmptyDatabase(databaseUrl: string) {
  const { database, tables } = await query(databaseUrl, async (client) => {
    const { rows } = await client.query<{ database: string; tables: number }>(
      `select current_database() as database, count(*)::int as tables
         from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0];
  });
  if (tables > 0) {
    throw new Error(
      `The database ${database} is not empty (${tables} tables): a backup restores only into an empty database. ` +
        `Create a new one (createdb), or for the embedded database use a new DATA_DIR.`,
    );
  }
}

async function serverMajorVersion(databaseUrl: string): Promise<number> {
  return query(databaseUrl, async (client) => {
    const { rows } = await client.query<{ server_version_num: string }>("show server_version_num");
    return Math.floor(Number(rows[0].server_version_num) / 10_000);
  });
}

async function query<T>(databaseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** e.g. 20261124T031500Z: sorts by time and is safe in file names. */
function utcTimestamp(): string {
  return new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}
