import { createHash, randomBytes } from "node:crypto";
import { passwordResetTokens } from "@/db/schema";
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
