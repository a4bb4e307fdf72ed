import "server-only";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { Client, escapeIdentifier, type ClientBase } from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { openDatabase, committedMigrationCount, migrateDatabase } from "@/lib/db";

/**
 * The built-in backup format, for servers no available pg_dump can read (the embedded
 * PostgreSQL ships none). It holds data only; the schema comes from the committed migrations,
 * so a backup restores with the release that made it. The gzip file is text:
 *
 *   {"format":"olympiad-logical-backup",...}     one line of JSON, the header
 *   <COPY text rows of the header's first table>
 *   \.
 *   <rows of the next table> ... each table ended by a line \.
 *
 * COPY's text format escapes newlines and backslashes inside values, so every row is one line
 * and a line `\.` can only be the end of a table.
 */

const LOGICAL_FORMAT = "olympiad-logical-backup";
const LOGICAL_FORMAT_VERSION = 1;
const END_OF_TABLE = "\\.";

/**
 * pg-boss's tables (schema pgboss) are left out: pg-boss creates and upgrades its own schema
 * when the app starts, and its jobs are short-lived work that a restore should not run again.
 */
const SCHEMAS = ["public", "drizzle"];

interface TableEntry {
  schema: string;
  name: string;
  columns: string[];
}

interface LogicalBackupHeader {
  format: typeof LOGICAL_FORMAT;
  version: number;
  createdAt: string;
  serverVersion: string;
  /** Rows of drizzle.__drizzle_migrations: the release whose migrations recreate the schema. */
  migrations: number;
  /** Parents before the tables whose foreign keys point at them. */
  tables: TableEntry[];
}

export async function writeLogicalBackup(databaseUrl: string, file: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file));
  try {
    // One snapshot for every table, so rows that refer to each other were taken together.
    await client.query("begin isolation level repeatable read, read only");
    const header: LogicalBackupHeader = {
      format: LOGICAL_FORMAT,
      version: LOGICAL_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion: (await client.query<{ server_version: string }>("show server_version")).rows[0].server_version,
      migrations: (await client.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations")).rows[0].count,
      tables: await listTablesParentsFirst(client),
    };
    await write(gzip, `${JSON.stringify(header)}\n`);
    for (const table of header.tables) {
      for await (const chunk of client.query(copyTo(`copy ${qualifiedName(table)} (${columnList(table)}) to stdout`))) {
        await write(gzip, chunk as Buffer);
      }
      await write(gzip, `${END_OF_TABLE}\n`);
    }
    await client.query("commit");
    gzip.end();
    await written;
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function write(stream: NodeJS.WritableStream, data: string | Buffer) {
  if (!stream.write(data)) await once(stream, "drain");
}

/** Restores into an empty database: migrates it to the backup's schema, then loads the rows. */
export async function restoreLogicalBackup(databaseUrl: string, file: string): Promise<void> {
  const input = createReadStream(file).pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  try {
    const header = parseHeader((await lines.next()).value);
    const committed = await committedMigrationCount();
    if (header.migrations !== committed) {
      throw new Error(
        `This backup was taken with ${header.migrations} migrations applied; this release has ${committed}. ` +
          `Restore it with the release that made it (a later release migrates the data forward when it starts).`,
      );
    }

    const connection = openDatabase(databaseUrl, 1);
    try {
      await migrateDatabase(connection.pool);
      const client = await connection.pool.connect();
      try {
        await loadRows(client, header.tables, lines);
      } finally {
        client.release();
      }
    } catch (error) {
      throw new Error(
        `The restore failed after it began creating the schema, so the target database is no longer empty: ` +
          `drop and recreate it before trying again. ${(error as Error).message}`,
        { cause: error },
      );
    } finally {
      await connection.close();
    }
  } finally {
    input.destroy();
  }
}

function parseHeader(line: string | undefined): LogicalBackupHeader {
  let header: Partial<LogicalBackupHeader> | undefined;
  try {
    header = JSON.parse(line ?? "") as Partial<LogicalBackupHeader>;
  } catch {
    // reported below
  }
  if (header?.format !== LOGICAL_FORMAT) throw new Error("This gzip file is not an Olympiad backup.");
  if (header.version !== LOGICAL_FORMAT_VERSION) {
    throw new Error(`This backup has format version ${header.version}; this release reads version ${LOGICAL_FORMAT_VERSION}.`);
  }
  return header as LogicalBackupHeader;
}

async function loadRows(client: ClientBase, tables: TableEntry[], lines: AsyncIterator<string>) {
  await client.query("begin");
  try {
    // Replica mode skips foreign-key checks and triggers (such as the one refusing changes to
    // verified transactions): the rows were consistent when they were taken.
    await client.query("set local session_replication_role = replica");
    // The migrations just recorded themselves (and may insert rows); the backup's rows replace them.
    await client.query(`truncate ${tables.map(qualifiedName).join(", ")}`);
    for (const table of tables) {
      await pipeline(
        Readable.from(rowsOfOneTable(lines, table)),
        client.query(copyFrom(`copy ${qualifiedName(table)} (${columnList(table)}) from stdin`)),
      );
    }
    await resetSequences(client);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}

/** Yields the table's rows in chunks of about 64 kB, stopping at its end-of-table line. */
async function* rowsOfOneTable(lines: AsyncIterator<string>, table: TableEntry): AsyncGenerator<string> {
  let chunk = "";
  for (;;) {
    const { value: line, done } = await lines.next();
    if (done) throw new Error(`The backup ends inside table ${table.schema}.${table.name}: the file is truncated.`);
    if (line === END_OF_TABLE) break;
    chunk += `${line}\n`;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

/** Sets every serial and identity sequence past the largest restored value, so inserts don't collide. */
async function resetSequences(client: ClientBase) {
  const { rows } = await client.query<{ sequence: string; table_name: string; column_name: string }>(
    `select format('%I.%I', sn.nspname, s.relname) as sequence,
            format('%I.%I', tn.nspname, t.relname) as table_name,
            quote_ident(a.attname) as column_name
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_class t on t.oid = d.refobjid
       join pg_namespace tn on tn.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i') and tn.nspname = any($1)`,
    [SCHEMAS],
  );
  for (const { sequence, table_name, column_name } of rows) {
    await client.query(
      `select setval($1::regclass, coalesce(max(${column_name}), 1), max(${column_name}) is not null) from ${table_name}`,
      [sequence],
    );
  }
}

async function listTablesParentsFirst(client: ClientBase): Promise<TableEntry[]> {
  const { rows: tables } = await client.query<TableEntry & { oid: number }>(
    `select c.oid, n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = any($1)
      order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    `select conrelid as child, confrelid as parent from pg_constraint where contype = 'f' and conrelid <> confrelid`,
  );

  const parentsOf = new Map(tables.map((table) => [table.oid, new Set<number>()]));
  for (const { child, parent } of references) {
    if (parentsOf.has(parent)) parentsOf.get(child)?.add(parent);
  }
  const ordered: TableEntry[] = [];
  const placed = new Set<number>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table.oid) && [...parentsOf.get(table.oid)!].every((parent) => placed.has(parent)),
    );
    // A cycle of foreign keys has no parent-first order; replica mode restores it regardless.
    const next = ready.length > 0 ? ready : tables.filter((table) => !placed.has(table.oid)).slice(0, 1);
    for (const { oid, schema, name, columns } of next) {
      placed.add(oid);
      ordered.push({ schema, name, columns });
    }
  }
  return ordered;
}

function qualifiedName(table: TableEntry): string {
  return `${escapeIdentifier(table.schema)}.${escapeIdentifier(table.name)}`;
}

function columnList(table: TableEntry): string {
  return table.columns.map(escapeIdentifier).join(", ");
}
