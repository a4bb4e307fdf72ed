import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { getDb } from "@/lib/db";
import { createParticipant } from "@/lib/accounts/users";
import type { ActiveUser } from "@/lib/auth";
import { uniqueEmail } from "./factories";

export const TEST_PASSWORD = "correct horse battery";

/** A participant as sign-up stores one, without its confirmation mail (tests/api/email-verification.test.ts covers that). */
export function participant(overrides: { referredBy?: string } = {}): Promise<ActiveUser> {
  return createParticipant({ name: `Participant ${randomBytes(2).toString("hex")}`, email: uniqueEmail(), password: TEST_PASSWORD, ...overrides });
}

export async function admin(): Promise<ActiveUser> {
  const user = await participant();
  const db = await getDb();
  await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
  return { ...user, role: "admin" };
}
