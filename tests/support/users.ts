import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { getDb } from "@/lib/db";
import { indiaToday } from "@/lib/accounts/eligibility";
import { createParticipant } from "@/lib/accounts/users";
import type { ActiveUser } from "@/lib/auth";
import { uniqueEmail } from "./factories";

export const TEST_PASSWORD = "correct horse battery";
/** A date of birth sign-up accepts: well over the minimum age. */
export const ADULT_DOB = "1995-01-01";

/** The date of birth of someone `years` old today in India, or who turns `years` `daysLater` days from now. */
export function dateOfBirthAged(years: number, daysLater = 0): string {
  const [year, month, day] = indiaToday().split("-").map(Number);
  return new Date(Date.UTC(year - years, month - 1, day + daysLater)).toISOString().slice(0, 10);
}

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
