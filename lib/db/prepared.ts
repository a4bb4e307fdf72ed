import "server-only";
import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";
import type { Database } from "./types";

/**
 * A drizzle query that `build` ends with `.prepare(name)`, built once per database: drizzle does
 * not rebuild it per call, and pg prepares it under that name once on each connection that runs
 * it, so PostgreSQL parses and plans it once. For the reads every exam-day request makes. Values
 * go in as `sql.placeholder(...)`s, given to `execute`.
 */
export function prepared<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/**
 * A row a raw statement returned whole (`returning *`, a function returning the table's rows),
 * keyed and typed as drizzle's own select of `table` gives it.
 */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = raw[column.name];
    return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
  });
  return Object.fromEntries(columns) as InferSelectModel<T>;
}
