import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { hasValidSignature, member, service, signValue } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { Conflict, Invalid, TooManyRequests } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { storedLanguage } from "./language";
import { mayMail } from "./mail-limits";
import { sendAccountMail } from "./mails";

const PURPOSE = "email-verification";
const LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A signed link needs no table: the user's id, the address it was sent to and its expiry,
 * signed with the session secret. A link for an address the account no longer has fails.
 */
export function verificationToken(user: { id: string; email: string }, expiresAt: Date): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  return `${user.id}.${expires}.${signValue(PURPOSE, user.id, user.email, expires)}`;
}

/** Mails the link, on `origin` (lib/http's publicOrigin), that confirms the address (at sign-up, and when the participant asks again). */
export async function sendVerificationMail(user: { id: string; name: string; email: string }, origin: string): Promise<void> {
  const token = verificationToken(user, new Date(Date.now() + LINK_LIFETIME_MS));
  const link = new URL(`/verify-email?token=${encodeURIComponent(token)}`, origin).href;
  await sendAccountMail("verification", { ...user, language: await storedLanguage(user.id) }, link);
}

export const verifyEmail = service("accounts.verifyEmail", async (_actor, token: string): Promise<void> => {
  const [userId, expires, signature] = token.split(".");
  if (!UUID.test(userId ?? "") || !/^\d+$/.test(expires ?? "") || !signature || Number(expires) * 1000 < Date.now()) {
    throw new Invalid(message("verifyLinkInvalid"));
  }
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user || !hasValidSignature(signature, PURPOSE, user.id, user.email, expires)) throw new Invalid(message("verifyLinkInvalid"));
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, user.id));
});

/** Whether the acting user still has to confirm their address: the dashboard's banner. */
export const needsEmailVerification = service("accounts.read", async (actor): Promise<boolean> => {
  const db = await getDb();
  const [user] = await db.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, member(actor).id));
  return user?.emailVerifiedAt === null;
});

/** "Resend the link" from the dashboard's banner: a mail a minute, five an hour. */
export const resendVerification = service("accounts.resendVerification", async (actor, origin: string): Promise<{ email: string }> => {
  const user = member(actor);
  if (!(await needsEmailVerification(actor))) throw new Conflict(message("emailAlreadyVerified"));
  const limit = await mayMail(`verify:user:${user.id}`);
  if (!limit.allowed) throw new TooManyRequests(message("tooManyRequests"), limit.retryAfterSeconds);
  await sendVerificationMail(user, origin);
  return { email: user.email };
});
