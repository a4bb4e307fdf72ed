import "server-only";

/** The audit trail: an append-only record of admin decisions, and the admins' view of it. */
export { AUDIT_PAGE_SIZE, listAuditEntries, recordAudit, type AuditEntry, type AuditFilter, type AuditList } from "./trail";
