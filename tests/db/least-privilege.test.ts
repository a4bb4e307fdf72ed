import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { closeDatabase, getDb, migrateDatabase, openDatabase, PostgresError, postgresErrorCode } from "@/lib/db";
import { jobQueue } from "@/lib/jobs";
import { createDatabase, dropDatabase } from "../support/test-server";

/**
 * The app's own connection (the one getDb() uses) is a login that owns nothing and is no
 * superuser: whoever holds its password cannot switch the database's protections off.
 */
afterAll(closeDatabase);

const INSUFFICIENT_PRIVILEGE = PostgresError.insufficientPrivilege;

/** The error code the app's connection is refused a statement with, in a transaction that never commits. */
async function refusal(statement: SQL): Promise<string | undefined> {
  const db = await getDb();
  const outcome = await db
    .transaction(async (tx) => {
      // Should the statement be taken, TRUNCATE or ALTER would wait for every other file's locks.
      await tx.execute(sql`set local lock_timeout = '10s'`);
      await tx.execute(statement);
      tx.rollback();
    })
    .then(
      () => "accepted",
      (error: unknown) => error,
    );
  if (outcome instanceof Error && outcome.message === "Rollback") return "accepted";
  return postgresErrorCode(outcome) ?? String(outcome);
}

/** The privileges the app's login holds on each relation of these kinds (pg_class.relkind) in public, by name. */
async function privilegesOnRelations(kinds: string[]): Promise<{ name: string; privileges: string[] }[]> {
  const db = await getDb();
  const { rows } = await db.execute<{ name: string; privileges: string[] }>(sql`
    select c.relname as name,
      array(select p from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
            where has_table_privilege(c.oid, p)) as privileges
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind::text = any(string_to_array(${kinds.join(",")}, ',')) order by 1`);
  return rows;
}

describe("the app's own database login", () => {
  it("is no superuser and owns no schema, table, sequence or function", async () => {
    const db = await getDb();
    const { rows } = await db.execute<Record<string, unknown>>(sql`
      select r.rolsuper as superuser, r.rolcreaterole as creates_roles, r.rolcreatedb as creates_databases, r.rolbypassrls as bypasses_row_security,
        (select count(*)::int from pg_namespace n where pg_has_role(n.nspowner, 'USAGE') and n.nspname in ('public', 'drizzle', 'pgboss')) as schemas,
        (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where pg_has_role(c.relowner, 'USAGE') and n.nspname in ('public', 'drizzle', 'pgboss')) as relations,
        (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where pg_has_role(p.proowner, 'USAGE') and n.nspname in ('public', 'pgboss')) as functions
      from pg_roles r where r.rolname = current_user`);
    expect(rows).toEqual([{ superuser: false, creates_roles: false, creates_databases: false, bypasses_row_security: false, schemas: 0, relations: 0, functions: 0 }]);
  });

  it.each([
    ["switch off every trigger for its session", sql`set session_replication_role = replica`],
    ["switch off every trigger for its transaction", sql`set local session_replication_role = replica`],
    ["truncate a table", sql`truncate contact_messages`],
    ["switch off an append-only trigger", sql`alter table result_rows disable trigger result_rows_append_only`],
    ["replace the function the append-only triggers call", sql.raw(`create or replace function refuse_change_to_append_only_row() returns trigger as $$ begin return new; end $$ language plpgsql`)],
    ["alter a table", sql`alter table users add column intruder text`],
    ["drop a table", sql`drop table contact_messages`],
    ["create a table", sql`create table intruder (id int)`],
    ["create a table in the job queue's schema", sql`create table pgboss.intruder (id int)`],
    ["create a schema", sql`create schema intruder`],
  ])("may not %s", async (_what, statement) => {
    expect(await refusal(statement)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it("holds SELECT and INSERT on every table, UPDATE and DELETE together or not at all, and never TRUNCATE, REFERENCES or TRIGGER", async () => {
    const rows = await privilegesOnRelations(["r", "p"]);
    expect(rows.length).toBeGreaterThan(30);
    for (const { name: table, privileges } of rows) {
      expect([["SELECT", "INSERT", "UPDATE", "DELETE"], ["SELECT", "INSERT"]], table).toContainEqual(privileges);
    }
  });

  it("reads each quiz's current results through the views, and may not write through them", async () => {
    expect(await privilegesOnRelations(["v"])).toEqual([
      { name: "current_published_results", privileges: ["SELECT"] },
      { name: "current_result_rows", privileges: ["SELECT"] },
    ]);
    expect(await refusal(sql`update current_result_rows set prize_paise = 0`)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it("reads which migrations are applied, for /api/ready, and changes nothing there", async () => {
    const db = await getDb();
    const { rows } = await db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    expect(rows[0].applied).toBeGreaterThan(20);
    expect(await refusal(sql`delete from drizzle.__drizzle_migrations`)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it("runs the job queue, which creates a new queue's table through pg-boss's own function", async () => {
    const boss = await jobQueue();
    const name = `least-privilege.${randomBytes(4).toString("hex")}`;
    await boss.createQueue(name);
    const id = await boss.send(name, { hello: "world" });
    const [job] = await boss.fetch(name);
    expect(job?.id).toBe(id);
    await boss.complete(name, job.id);
  });
});

describe("privileges after a migration run", () => {
  /** A database set up as README shows for a server: owned by a login that is no superuser. */
  async function databaseOfAnOrdinaryOwner() {
    const adminUrl = inject("adminDatabaseUrl");
    const scratch = await createDatabase(adminUrl);
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`do $$ begin create role olympiad_test_owner login password 'olympiad-test-owner';
                         exception when duplicate_object or unique_violation then null; end $$`);
      await admin.query(`alter database ${scratch.name} owner to olympiad_test_owner`);
    } finally {
      await admin.end();
    }
    const ownerUrl = new URL(scratch.ownerUrl);
    ownerUrl.username = "olympiad_test_owner";
    ownerUrl.password = "olympiad-test-owner";
    return { ...scratch, ownerUrl: ownerUrl.toString(), drop: () => dropDatabase(adminUrl, scratch.name) };
  }

  it("are granted by an owner that is no superuser (TEMP on the database revoked), and cover tables a later migration adds, an append-only one with no UPDATE or DELETE", async () => {
    const scratch = await databaseOfAnOrdinaryOwner();
    const owner = openDatabase(scratch.ownerUrl, 1);
    const app = openDatabase(scratch.url, 1);
    try {
      await migrateDatabase(owner.pool);
      // As a later release's migration would add them.
      await owner.db.execute(sql`create table later_notes (id serial primary key, note text)`);
      await owner.db.execute(sql`create table later_log (id serial primary key, entry text)`);
      await owner.db.execute(sql`create trigger later_log_append_only before update or delete on later_log for each row execute function refuse_change_to_append_only_row()`);
      await migrateDatabase(owner.pool);

      const { rows } = await app.db.execute<{ temporary: boolean }>(sql`select has_database_privilege(current_database(), 'TEMP') as temporary`);
      expect(rows, "the app's login may create temporary tables").toEqual([{ temporary: false }]);
      await app.db.execute(sql`insert into later_notes (note) values ('kept')`);
      await app.db.execute(sql`update later_notes set note = 'changed'`);
      await app.db.execute(sql`insert into later_log (entry) values ('written once')`);
      for (const statement of [sql`update later_log set entry = 'rewritten'`, sql`delete from later_log`, sql`truncate later_notes`]) {
        const refused = await app.db.execute(statement).then(() => undefined, (error: unknown) => postgresErrorCode(error));
        expect(refused).toBe(INSUFFICIENT_PRIVILEGE);
      }
    } finally {
      await app.close();
      await owner.close();
      await scratch.drop();
    }
  });
});

/**
 * DATABASE_URL without MIGRATION_DATABASE_URL: one login does both, as before the roles were
 * split. The app's start (tests/fixtures/app-database.ts) goes ahead with a warning when that
 * login could switch the protections off, and refuses when it cannot apply pending migrations.
 */
describe("DATABASE_URL alone", () => {
  async function startApp(databaseUrl: string): Promise<{ ready: boolean; output: string }> {
    const { MIGRATION_DATABASE_URL: _unset, ...environment } = process.env;
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/fixtures/app-database.ts"], {
      env: { ...environment, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    return new Promise((resolve) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("READY ")) child.kill("SIGTERM");
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      child.once("exit", () => resolve({ ready: output.includes("READY "), output }));
    });
  }

  async function withScratchDatabase(work: (database: { url: string; ownerUrl: string }) => Promise<void>) {
    const adminUrl = inject("adminDatabaseUrl");
    const scratch = await createDatabase(adminUrl);
    try {
      await work(scratch);
    } finally {
      await dropDatabase(adminUrl, scratch.name);
    }
  }

  it("on the owner's login: migrates, starts, and warns that the app could switch off the append-only triggers", { timeout: 60_000 }, async () => {
    await withScratchDatabase(async ({ ownerUrl }) => {
      const { ready, output } = await startApp(ownerUrl);
      expect(ready, output).toBe(true);
      expect(output).toMatch(/"msg":"The app connects to PostgreSQL as \w+, a superuser: it could switch off the append-only triggers\. Set DATABASE_URL to a login that owns nothing \(olympiad_app\) and MIGRATION_DATABASE_URL/);
    });
  });

  it("on the app's role, with migrations pending: refuses to start, naming MIGRATION_DATABASE_URL", { timeout: 60_000 }, async () => {
    await withScratchDatabase(async ({ url }) => {
      const { ready, output } = await startApp(url);
      expect(ready).toBe(false);
      expect(output).toContain("The database needs its migrations, and DATABASE_URL's login may not change the schema: set MIGRATION_DATABASE_URL");
    });
  });
});
