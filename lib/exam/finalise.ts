import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import { attempts } from "@/db/schema";
import { tableRow, type Queryable } from "@/lib/db";
import { metrics } from "@/lib/metrics";
import { attemptScore } from "./scoring";

type Attempt = typeof attempts.$inferSelect;

/**
 * Scores from the stored answers and the quiz's key (1 mark each by default, no negatives) and
 * the server's own clock. Only the first finalisation of an attempt does anything.
 */
export async function finaliseWhere<Row extends Record<string, unknown> = { id: string }>(db: Queryable, condition: SQL, submittedAt: SQL, returning: SQL = sql`a.id`) {
  const finalised = await db.execute<Row>(sql`
    update attempts a set
      submitted_at = ${submittedAt},
      score = ${attemptScore},
      time_taken_seconds = greatest(0, floor(extract(epoch from ${submittedAt} - a.started_at)))::int
    where a.submitted_at is null and ${condition}
    returning ${returning}`);
  metrics().submissions.inc(finalised.rows.length);
  return finalised;
}

/** Submits one attempt with what it saved, stamped no later than its deadline; returns it as stored. */
export async function finaliseAttempt(db: Queryable, attemptId: string): Promise<Attempt | null> {
  const { rows } = await finaliseWhere<{ row: Record<string, unknown> }>(db, sql`a.id = ${attemptId}`, sql`least(now(), a.deadline_at)`, sql`to_jsonb(a) as row`);
  if (rows[0]) return tableRow(attempts, rows[0].row);
  // Finalised already, by a call that came first or the overdue sweep: as that stored it.
  const [attempt] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  return attempt ?? null;
}
