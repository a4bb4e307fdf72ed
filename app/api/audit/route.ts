import { listAuditEntries } from "@/lib/audit";
import { auditQuery } from "@/lib/audit/schemas";
import { route } from "@/lib/http";

/** The audit trail for admins: newest first, filtered by action, subject, actor and India days. */
export const GET = route({ can: "audit.view", does: "Lists the audit trail of admin decisions", query: auditQuery }, async ({ actor, query }) => listAuditEntries(actor, query));
