import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type * as schema from "@/db/schema";

export type Database = NodePgDatabase<typeof schema>;
export type DatabaseTransaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the pool-backed database or a transaction on it: services accept both. */
export type Queryable = Database | DatabaseTransaction;
