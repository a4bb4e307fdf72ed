import { createHash, randomBytes } from "node:crypto";
import { eq, inArray, like, or, sql } from "drizzle-orm";
import { passwordResetTokens, rateLimitHits } from "@/db/schema";
import { loginBackoffs } from "@/lib/accounts/login-limits";
import { getDb } from "@/lib/db";

/** A live password-reset token for the user, as the mailed link carries it. */
export async function resetTokenFor(userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.insert(passwordResetTokens).values({
    tokenHash: createHash("sha256").update(token).digest("hex"),
    userId,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
}

/** As if `seconds` had passed since the last failed login of this email from this address. */
export async function rewindLoginClock(email: string, ip: string, seconds: number): Promise<void> {
  const { pair, address } = loginBackoffs(email, ip);
  const db = await getDb();
  await db
    .update(rateLimitHits)
    .set({ windowStart: sql`${rateLimitHits.windowStart} - make_interval(secs => ${seconds})` })
    .where(inArray(rateLimitHits.key, [pair.key, address.key]));
}

/** Forgets every failed login counted against the address. */
export async function clearLoginLimits(ip: string): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimitHits).where(or(eq(rateLimitHits.key, loginBackoffs("", ip).address.key), like(rateLimitHits.key, `login-failures:%|${ip}`)));
}
