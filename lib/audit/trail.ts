import "server-only";
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { auditLog, users } from "@/db/schema";
import { service, step, type Actor } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { nextLink } from "./chain";

const AUDIT_PAGE_SIZE = 50;

export interface AuditEntry {
  /** e.g. payment.verify, question.update, key.decide, results.publish, attempt.disqualify, user.role */
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Writes one entry in the caller's transaction, so the decision and its record commit or roll
 * back together, chained to the entry before it (./chain.ts). The actor is whoever the calling
 * service acts for; jobs (SYSTEM) have no id.
 */
export const recordAudit = step(async (db: Queryable, actor: Actor, entry: AuditEntry): Promise<void> => {
  const content = {
    actorId: actor.id || null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  };
  // A transaction of its own when the caller has none: the chain's lock lasts until it ends.
  await db.transaction(async (tx) => {
    const link = await nextLink(tx, content);
    await tx.insert(auditLog).values({ ...content, ...link });
  });
});

export interface AuditFilter {
  action?: string;
  subjectType?: string;
  subjectId?: string;
  actorId?: string;
  /** The acting admin's email, any case. */
  actorEmail?: string;
  /** India-time days as instants: entries from (inclusive) and until (exclusive). */
  from?: Date;
  until?: Date;
  page?: number;
}

/** The admins' panel tab: newest first, filtered by action, subject, actor or time. */
export const listAuditEntries = service("audit.view", async (_actor, filter: AuditFilter = {}) => {
  const db = await getDb();
  const page = Math.max(1, filter.page ?? 1);
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.subjectType) conditions.push(eq(auditLog.subjectType, filter.subjectType));
  if (filter.subjectId) conditions.push(eq(auditLog.subjectId, filter.subjectId));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.actorEmail) conditions.push(sql`lower(${users.email}) = lower(${filter.actorEmail})`);
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.until) conditions.push(lt(auditLog.createdAt, filter.until));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorName: users.name,
        actorEmail: users.email,
        action: auditLog.action,
        subjectType: auditLog.subjectType,
        subjectId: auditLog.subjectId,
        before: auditLog.before,
        after: auditLog.after,
        reason: auditLog.reason,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
});

export type AuditList = Awaited<ReturnType<typeof listAuditEntries>>;
