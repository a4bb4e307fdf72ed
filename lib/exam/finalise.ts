import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import { attempts } from "@/db/schema";
import type { Queryable } from "@/lib/db";
import { metrics } from "@/lib/metrics";
import { attemptScore } from "./scoring";

type Attempt = typeof attempts.$inferSelect;

/**
 * Scores from the stored answers and the quiz's key (1 mark each by default, no negatives) and
 * the server's own clock. Only the first finalisation of an attempt does anything.
 */
export async function finaliseWhere(db: Queryable, condition: SQL, submittedAt: SQL) {
  const finalised = await db.execute<{ id: string }>(sql`
    update attempts a set
      submitted_at = ${submittedAt},
      score = ${attemptScore},
      time_taken_seconds = greatest(0, floor(extract(epoch from ${submittedAt} - a.started_at)))::int
    where a.submitted_at is null and ${condition}
    returning a.id`);
  metrics().submissions.inc(finalised.rows.length);
  return finalised;
}

/** Submits one attempt with what it saved, stamped no later than its deadline; returns it as stored. */
export async function finaliseAttempt(db: Queryable, attemptId: string): Promise<Attempt | null> {
  await finaliseWhere(db, sql`a.id = ${attemptId}`, sql`least(now(), a.deadline_at)`);
  const [attempt] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
  return attempt ?? null;
}
