import "server-only";
import { message, tooManySignUps } from "@/lib/catalogue";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { passwordResetTokens, users } from "@/db/schema";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { service, type ActiveUser } from "@/lib/auth";
import { Forbidden, Invalid, TooManyRequests, Unauthenticated } from "@/lib/errors";
import type { Language } from "@/lib/i18n/schemas";
import { hit } from "@/lib/rate-limit";
import { createParticipant, findActiveUser, findActiveUserByEmail, loadAccount, type Account, type NewParticipant } from "./users";
import { assertAdultDateOfBirth } from "./eligibility";
import { verifyGoogleIdToken } from "./google";
import { mayMail } from "./mail-limits";
import { sendAccountMail } from "./mails";
import { sendVerificationMail } from "./verification";
import { admitLogin, loginFailed, loginSucceeded } from "./login-limits";
import { hashPassword, verifyPassword } from "./password";

/** A hash to check against when the email has no password, so the answer takes as long either way. */
let dummyHash: Promise<string> | undefined;

export const loginWithPassword = service("accounts.login", async (_actor, email: string, password: string, ip: string): Promise<Account> => {
  await admitLogin(email, ip);
  const user = await findActiveUserByEmail(email);
  dummyHash ??= hashPassword(randomBytes(18).toString("base64url"));
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user?.passwordHash || !matches) {
    await loginFailed(email, ip);
    throw new Unauthenticated(message("invalidCredentials"));
  }
  await loginSucceeded(email, ip);
  return loadAccount(user.id);
});

const SIGN_UP_WINDOW_SECONDS = 60 * 60;

/**
 * Sign-up: always a participant, old enough to take part; a link mailed on `origin` confirms the
 * address. Every attempt from a known address `ip` counts against its hourly limit, before the
 * password is hashed; an unknown one (no trusted proxy) is every caller at once, and not limited.
 */
export const register = service("accounts.register", async (_actor, input: NewParticipant & { dob: string }, origin: string, ip: string | undefined): Promise<Account> => {
  if (ip !== undefined) {
    const byIp = await hit(`sign-ups:ip:${ip}`, config.signUpsPerIpPerHour, SIGN_UP_WINDOW_SECONDS);
    if (!byIp.allowed) throw new TooManyRequests(tooManySignUps(byIp.retryAfterSeconds), byIp.retryAfterSeconds);
  }
  assertAdultDateOfBirth(input.dob);
  const user = await createParticipant(input);
  await sendVerificationMail(user, origin);
  return loadAccount(user.id);
});

export interface GoogleLogin {
  credential: string;
  name: string;
  email: string;
  googleId: string;
  referredBy?: string;
  /** The browser's language, kept as the new account's. */
  language?: Language | null;
}

/**
 * Trusts only what Google signed: the ID token is verified on the server, and the name, email
 * and id the browser sends must match it. An existing account with the same verified email is
 * linked; otherwise a participant account is created, with Google's birthdate if it signed one
 * (under the minimum age, none is created). `needsDateOfBirth` sends the user to give it first.
 */
export const loginWithGoogle = service("accounts.login", async (_actor, login: GoogleLogin): Promise<Account & { needsDateOfBirth: boolean }> => {
  const { id, needsDateOfBirth } = await googleAccount(login);
  return { ...(await loadAccount(id)), needsDateOfBirth };
});

async function googleAccount(login: GoogleLogin): Promise<ActiveUser & { needsDateOfBirth: boolean }> {
  if (!config.google) throw new Forbidden(message("googleSignInDisabled"));
  const identity = await verifyGoogleIdToken(login.credential, config.google);
  if (!identity || identity.googleId !== login.googleId || identity.email !== login.email.trim().toLowerCase()) {
    throw new Unauthenticated(message("authenticationFailed"));
  }
  const db = await getDb();
  const [linked] = await db
    .select({ id: users.id, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(and(eq(users.googleId, identity.googleId), isNull(users.deletedAt)));
  if (linked) return { ...(await findActiveUser(linked.id))!, needsDateOfBirth: linked.dateOfBirth === null };

  const existing = await findActiveUserByEmail(identity.email);
  if (existing) {
    await linkGoogle(existing, identity.googleId);
    return { id: existing.id, name: existing.name, email: existing.email, role: existing.role, needsDateOfBirth: existing.dateOfBirth === null };
  }
  if (identity.birthdate) assertAdultDateOfBirth(identity.birthdate);
  const created = await createParticipant({ name: identity.name, email: identity.email, googleId: identity.googleId, dob: identity.birthdate, referredBy: login.referredBy, language: login.language });
  return { ...created, needsDateOfBirth: !identity.birthdate };
}

/**
 * Google vouches for the address. An account whose address was never confirmed may have been
 * registered by someone else before its owner came (pre-hijacking): its password and every
 * session end before Google is linked, and the owner is told.
 */
async function linkGoogle(account: NonNullable<Awaited<ReturnType<typeof findActiveUserByEmail>>>, googleId: string): Promise<void> {
  const db = await getDb();
  const unconfirmed = account.emailVerifiedAt === null;
  await db
    .update(users)
    .set({
      googleId,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      ...(unconfirmed && { passwordHash: null, sessionVersion: sql`${users.sessionVersion} + 1` }),
    })
    .where(eq(users.id, account.id));
  if (!unconfirmed) return;
  await sendAccountMail("googleLinked", account);
}

const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Refused openly per address; per email quietly (the answer must not say whether the email has an account). */
const RESET_REQUESTS_PER_IP_PER_MINUTE = 10;

/**
 * Does the same, as far as the caller can see, whether or not the email has an account. One
 * mail a minute (five an hour) per email at most, and one live link per account: a new link
 * replaces the older ones. The link is on `origin` (lib/http's publicOrigin).
 */
export const requestPasswordReset = service("accounts.resetPassword", async (_actor, email: string, ip: string, origin: string): Promise<void> => {
  const byIp = await hit(`reset:ip:${ip}`, RESET_REQUESTS_PER_IP_PER_MINUTE, 60);
  if (!byIp.allowed) throw new TooManyRequests(message("tooManyRequests"), byIp.retryAfterSeconds);
  if (!(await mayMail(`reset:email:${email}`)).allowed) return;
  const user = await findActiveUserByEmail(email);
  if (!user) return;

  const token = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
    });
  });
  const link = new URL(`/ResetPasswordPage?token=${encodeURIComponent(token)}`, origin).href;
  await sendAccountMail("passwordReset", user, link);
});

/** Single use: the token is spent in the same statement that checks it. */
export const resetPassword = service("accounts.resetPassword", async (_actor, token: string, newPassword: string): Promise<void> => {
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new Invalid(message("resetLinkInvalid"));
    // Every session ends (an intruder's too), and the mailed link proved the address.
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, spent.userId), isNull(users.deletedAt)));
    // Any other outstanding link for the account dies with this one.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
  });
});
