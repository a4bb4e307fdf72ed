import type { Database } from "./types";

/**
 * A drizzle query built once per database and prepared under `name` on each connection that runs
 * it (pg keeps named statements per connection), so PostgreSQL parses and plans it once and the
 * query is not rebuilt per call: for the reads every exam-day request makes. Values go in as
 * `sql.placeholder(...)`s, given to `execute`.
 */
export function prepared<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
