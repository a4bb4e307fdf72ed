import "server-only";

/**
 * The database: one pool per process (embedded PostgreSQL by default) on the app's own login,
 * migrations on the owner's, and the error codes services map to domain errors. Only lib/
 * capabilities import this door.
 */
export { closeDatabase, connectDatabase, getDb, openConfiguredDatabase, openDatabase, type DatabaseConnection } from "./connection";
export { databaseStatus } from "./status";
export { startEmbeddedDatabase, takeOverShutdownSignals, type EmbeddedDatabase } from "./embedded";
export { isStillReferenced, PostgresError, postgresErrorCode, violatedConstraint } from "./errors";
export { prepared, tableRow } from "./prepared";
export { committedMigrationCount, JOB_QUEUE_SCHEMA, migrateDatabase, withPreparationLock } from "./prepare";
export { grantAppPrivileges } from "./privileges";
export type { Database, DatabaseTransaction, Queryable } from "./types";
