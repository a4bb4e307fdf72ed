import type { ClientBase } from "pg";

/**
 * Least privilege in the database. The app connects as APP_ROLE, a login that is no superuser and
 * owns nothing: it cannot switch triggers off (session_replication_role, ALTER TABLE), truncate,
 * or change the schema. The schema belongs to the owner's login, which runs the migrations and,
 * after every run, grants APP_ROLE exactly what the app uses. A login other than APP_ROLE may
 * serve as the app's if it is a member of it (`grant olympiad_app to that_login`).
 */
export const APP_ROLE = "olympiad_app";
/** The role's password where the app creates it itself: the embedded server (./embedded.ts says why it is fixed) and test servers. */
export const LOCAL_APP_PASSWORD = "olympiad-app";

type Queryable = Pick<ClientBase, "query">;

/**
 * Creates APP_ROLE on a server where it is missing, as the embedded server and the tests' servers
 * need; on a PostgreSQL server of its own an administrator creates it (README). Roles belong to
 * the whole server: another process creating it at the same moment is as good.
 */
export async function createAppRole(client: Queryable, password: string | null): Promise<void> {
  const { rows } = await client.query<{ statement: string }>(
    `select format('create role %I login password %L', $1::text, $2::text) as statement
      where not exists (select from pg_roles where rolname = $1)`,
    [APP_ROLE, password],
  );
  if (rows.length === 0) return;
  try {
    await client.query(rows[0].statement);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== DUPLICATE_OBJECT && code !== UNIQUE_VIOLATION) throw error;
  }
}
const DUPLICATE_OBJECT = "42710";
const UNIQUE_VIOLATION = "23505";

/**
 * Tables whose rows are a record of what happened: a trigger refuses every UPDATE and DELETE.
 * APP_ROLE is not even granted those, so the refusal does not rest on the trigger alone.
 */
const APPEND_ONLY_TABLES = `
  select distinct format('%I.%I', n.nspname, c.relname) as name
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
   where p.proname = 'refuse_change_to_append_only_row'`;

/**
 * Views (the current version of each quiz's results): read only. A write through a view reaches
 * its table with the view owner's rights, past the revocations on the table.
 */
const VIEWS = `
  select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind = 'v'`;

/**
 * Grants APP_ROLE what the app uses, and nothing else, on whatever the migrations have made:
 * run by the owner after every migration run, so a table a later migration adds is covered. One
 * transaction: the app never sees its privileges half way.
 *
 * - public: SELECT, INSERT, UPDATE, DELETE on every table (no UPDATE or DELETE on append-only
 *   ones), SELECT alone on views, USAGE on sequences, EXECUTE on functions; never TRUNCATE,
 *   REFERENCES or TRIGGER.
 * - drizzle: reading which migrations are applied (/api/ready).
 * - pgboss, the job queue (installed by the owner with the migrations): its rows. pg-boss creates
 *   a new queue's table when the app first uses the queue; its create_queue function does that
 *   with the owner's rights, and the default privileges below give the app that table's rows.
 * - no temporary tables, and no objects of its own in public: a temporary table named like one a
 *   check reads would shadow it for every function without a fixed search path (migration 0032
 *   fixes theirs; this keeps the app from trying). PUBLIC holds TEMP on a new database, so it is
 *   revoked from PUBLIC; only the database's owner (or a superuser) can, and a start on a login
 *   that could still create one says so (./connection.ts).
 */
export async function grantAppPrivileges(client: Queryable): Promise<void> {
  const { rows } = await client.query<{ present: boolean; is_app: boolean }>(
    "select exists (select from pg_roles where rolname = $1) as present, current_user = $1 as is_app",
    [APP_ROLE],
  );
  // Without the role, DATABASE_URL's login is the owner's too (the start warns about that).
  if (!rows[0].present || rows[0].is_app) return;
  const appendOnly = (await client.query<{ name: string }>(APPEND_ONLY_TABLES)).rows.map((row) => row.name);
  const views = (await client.query<{ name: string }>(VIEWS)).rows.map((row) => row.name);
  const statements = [
    // Whatever was granted before (by hand, or by an earlier release) goes: what follows is all of it.
    `revoke all on all tables in schema public, drizzle, pgboss from ${APP_ROLE}`,
    `revoke all on all sequences in schema public, drizzle, pgboss from ${APP_ROLE}`,
    `revoke all on all functions in schema public, pgboss from ${APP_ROLE}`,
    `grant usage on schema public, drizzle, pgboss to ${APP_ROLE}`,
    `grant select, insert, update, delete on all tables in schema public, pgboss to ${APP_ROLE}`,
    ...appendOnly.map((table) => `revoke update, delete on ${table} from ${APP_ROLE}`),
    ...views.map((view) => `revoke insert, update, delete on ${view} from ${APP_ROLE}`),
    `grant usage on all sequences in schema public, pgboss to ${APP_ROLE}`,
    `grant execute on all functions in schema public, pgboss to ${APP_ROLE}`,
    `grant select on drizzle.__drizzle_migrations to ${APP_ROLE}`,
    `alter default privileges in schema public, pgboss grant select, insert, update, delete on tables to ${APP_ROLE}`,
    `alter default privileges in schema public, pgboss grant usage on sequences to ${APP_ROLE}`,
    `do $$ begin execute format('revoke temporary on database %I from public, ${APP_ROLE}', current_database()); end $$`,
    `revoke create on schema public from public, ${APP_ROLE}`,
    // A function running with its owner's rights fixes its search path, and only the app may call it.
    "alter function pgboss.create_queue(text, json) security definer set search_path = pg_catalog, pg_temp",
    "revoke execute on function pgboss.create_queue(text, json) from public",
  ];
  await client.query("begin");
  try {
    for (const statement of statements) await client.query(statement);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}
