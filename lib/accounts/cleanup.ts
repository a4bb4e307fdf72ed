import "server-only";
import { sql } from "drizzle-orm";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";

/** The hourly clean-up job: reset tokens past their hour (or spent) and old rate-limit windows. */
export const deleteExpiredRecords = service("accounts.cleanUp", async (): Promise<{ resetTokens: number; rateLimitWindows: number }> => {
  const db = await getDb();
  const tokens = await db.execute(sql`delete from password_reset_tokens where expires_at < now() or used_at is not null`);
  const windows = await db.execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`);
  return { resetTokens: tokens.rowCount ?? 0, rateLimitWindows: windows.rowCount ?? 0 };
});
