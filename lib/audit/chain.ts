import "server-only";
import { sql } from "drizzle-orm";
import { hasValidSignature, signValue } from "@/lib/auth";
import { canonicalJson } from "@/lib/canonical-json";
import { getDb, type Queryable } from "@/lib/db";

/**
 * The audit trail's chain: each entry's HMAC covers its content and the previous entry's HMAC,
 * under a key derived from the app's secret (lib/auth), which the database never holds. Whoever
 * holds the database login can add a row, but not one whose HMAC verifies: the check names it.
 * Entries are chained in id order, one writer at a time (a transaction-level advisory lock).
 */
const PURPOSE = "audit-chain";
const CHAIN_LOCK = sql`select pg_advisory_xact_lock(hashtext('olympiad.audit-chain'))`;

export interface ChainedContent {
  id: number;
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  /** To the millisecond, as the entry is stored. */
  createdAt: Date;
}

function signedText(previous: string | null, entry: ChainedContent): string[] {
  return [
    previous ?? "",
    canonicalJson([entry.id, entry.actorId, entry.action, entry.subjectType, entry.subjectId, entry.before ?? null, entry.after ?? null, entry.reason, entry.createdAt.toISOString()]),
  ];
}

/**
 * The next entry's id, time and HMAC, in the caller's transaction: after this, until it ends, no
 * other entry can be chained, so the one written with these is the next link.
 */
export async function nextLink(db: Queryable, content: Omit<ChainedContent, "id" | "createdAt">): Promise<{ id: number; createdAt: Date; chainHmac: string }> {
  await db.execute(CHAIN_LOCK);
  const { rows } = await db.execute<{ id: string; created_at: string; previous: string | null }>(sql`
    select nextval(pg_get_serial_sequence('public.audit_log', 'id'))::text as id,
           to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           (select a.chain_hmac from public.audit_log a order by a.id desc limit 1) as previous`);
  const entry = { ...content, id: Number(rows[0].id), createdAt: new Date(rows[0].created_at) };
  return { id: entry.id, createdAt: entry.createdAt, chainHmac: signValue(PURPOSE, ...signedText(rows[0].previous, entry)) };
}

export interface ChainCheck {
  /** Entries whose HMAC verifies. */
  chained: number;
  /** Entries written before the chain began (migration 0033), as many as there were then. */
  beforeChain: number;
  /** The first entry that breaks the chain, and why; none when the trail is intact. */
  broken?: { id: number; why: string };
}

const BATCH = 5_000;

/** Walks the whole trail in id order (`npm run audit:check`); in the caller's transaction when given one. */
export async function checkChain(db?: Queryable): Promise<ChainCheck> {
  const queryable = db ?? (await getDb());
  const { rows: boundary } = await queryable.execute<{ last_id: string; entries: string; found: string }>(sql`
    select b.last_id::text, b.entries::text, (select count(*) from public.audit_log a where a.id <= b.last_id)::text as found
      from public.audit_entries_before_chain() b`);
  const lastBeforeChain = Number(boundary[0].last_id);
  const check: ChainCheck = { chained: 0, beforeChain: Number(boundary[0].entries) };
  if (Number(boundary[0].found) !== check.beforeChain) {
    const { rows } = await queryable.execute<{ id: string }>(sql`select a.id::text as id from public.audit_log a where a.id <= ${lastBeforeChain} and a.chain_hmac is not null order by a.id limit 1`);
    check.broken = {
      id: Number(rows[0]?.id ?? lastBeforeChain),
      why: `${boundary[0].found} entries stand before the chain's start, where ${check.beforeChain} were written: one was added among them`,
    };
    return check;
  }
  let previous: string | null = null;
  for (let after = lastBeforeChain; ; ) {
    const { rows } = await queryable.execute<{ id: string; actor_id: string | null; action: string; subject_type: string; subject_id: string; before: unknown; after: unknown; reason: string | null; created_at: string; chain_hmac: string | null }>(sql`
      select a.id::text as id, a.actor_id, a.action, a.subject_type, a.subject_id, a.before, a.after, a.reason,
             to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, a.chain_hmac
        from public.audit_log a where a.id > ${after} order by a.id limit ${BATCH}`);
    for (const row of rows) {
      const entry: ChainedContent = {
        id: Number(row.id),
        actorId: row.actor_id,
        action: row.action,
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        before: row.before,
        after: row.after,
        reason: row.reason,
        createdAt: new Date(row.created_at),
      };
      const why =
        row.chain_hmac === null
          ? "it carries no HMAC: the app did not write it"
          : !row.created_at.endsWith("000Z")
            ? "its time is finer than the app writes: the app did not write it"
            : !hasValidSignature(row.chain_hmac, PURPOSE, ...signedText(previous, entry))
              ? "its HMAC does not match its content and the entry before it: written or changed outside the app"
              : undefined;
      if (why) {
        check.broken ??= { id: entry.id, why };
      } else {
        check.chained++;
      }
      previous = row.chain_hmac;
    }
    if (rows.length < BATCH) return check;
    after = Number(rows[rows.length - 1].id);
  }
}
