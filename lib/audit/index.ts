import "server-only";
import { service } from "@/lib/auth";
import type { Queryable } from "@/lib/db";
import { checkChain } from "./chain";

/** The audit trail: an append-only record of admin decisions, and the admins' view of it. */
export { listAuditEntries, recordAudit, type AuditList } from "./trail";
export type { ChainCheck } from "./chain";

/** Proves the trail untouched (`npm run audit:check`): every entry since the chain began verifies, in the caller's transaction when given one. */
export const checkAuditChain = service("audit.view", async (_actor, database?: Queryable) => checkChain(database));
