import "server-only";

/** The audit trail: an append-only record of admin decisions, and the admins' view of it. */
export { listAuditEntries, recordAudit, type AuditList } from "./trail";
