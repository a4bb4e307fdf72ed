import "server-only";
import { message } from "@/lib/catalogue";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { authorize, service, type ActiveUser } from "@/lib/auth";
import { alias } from "drizzle-orm/pg-core";
import { notifications, passwordResetTokens, pushSubscriptions, referrals, transactions, uploads, users } from "@/db/schema";
import { assertAdultDateOfBirth } from "./eligibility";
import { hashPassword } from "./password";
import { getDb, PostgresError, postgresErrorCode, violatedConstraint, type DatabaseTransaction } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import type { Language } from "@/lib/i18n/schemas";
import { formatRupeesWithSymbol, paiseToRupees } from "@/lib/money";
import { storage } from "@/lib/storage";
import { uploadUrl } from "@/lib/uploads/schemas";
import { generateReferralCode } from "./referral-code";
import type { ProfileUpdate } from "./schemas";


const activeUserColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

export async function findActiveUser(id: string): Promise<ActiveUser | null> {
  const db = await getDb();
  const [user] = await db
    .select(activeUserColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user ?? null;
}

export async function findActiveUserByEmail(email: string) {
  const db = await getDb();
  const [user] = await db
    .select({ ...activeUserColumns, passwordHash: users.passwordHash, googleId: users.googleId, emailVerifiedAt: users.emailVerifiedAt, dateOfBirth: users.dateOfBirth, language: users.language })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return user ?? null;
}


export interface NewParticipant {
  name: string;
  email: string;
  password?: string;
  googleId?: string;
  mobile?: string;
  /** YYYY-MM-DD; sign-up asks for it, a Google account has it only when Google signed a birthdate. */
  dob?: string;
  /** A referral code from a referral link; unknown codes are ignored. */
  referredBy?: string;
  /** The language the browser used at sign-up: the account's until the user chooses another. */
  language?: Language | null;
}

/** Sign-up never creates an admin: the role is not an input. */
export async function createParticipant(input: NewParticipant): Promise<ActiveUser> {
  const db = await getDb();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [referrer] = input.referredBy
          ? await tx
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.referralCode, input.referredBy.toUpperCase()), isNull(users.deletedAt)))
          : [];
        const [user] = await tx
          .insert(users)
          .values({
            name: input.name,
            email: input.email.toLowerCase(),
            passwordHash,
            googleId: input.googleId ?? null,
            // Google signed the address; a password account confirms it by the mailed link.
            emailVerifiedAt: input.googleId ? new Date() : null,
            mobile: input.mobile || null,
            dateOfBirth: input.dob ?? null,
            language: input.language ?? null,
            referralCode: generateReferralCode(),
            referredById: referrer?.id ?? null,
          })
          .returning(activeUserColumns);
        if (referrer) await tx.insert(referrals).values({ referredUserId: user.id, referrerId: referrer.id });
        return user;
      });
    } catch (error) {
      if (postgresErrorCode(error) !== PostgresError.uniqueViolation) throw error;
      const constraint = violatedConstraint(error);
      if (constraint === "users_email_unique") throw new Conflict(message("duplicateEmail"));
      if (constraint === "users_google_id_unique") throw new Conflict(message("googleAccountLinkedElsewhere"));
      // A referral code collision is astronomically rare; a fresh code fixes it.
      if (constraint !== "users_referral_code_unique" || attempt >= 3) throw error;
    }
  }
}

async function loadProfile(userId: string) {
  const db = await getDb();
  const [profile] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      mobile: users.mobile,
      dob: users.dateOfBirth,
      street: users.street,
      city: users.city,
      state: users.state,
      postalCode: users.postalCode,
      country: users.country,
      profileImageId: users.profileImageId,
      referralCode: users.referralCode,
      walletBalancePaise: users.walletBalancePaise,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!profile) throw new NotFound(message("accountNotFound"));
  const { street, city, state, postalCode, country, ...rest } = profile;
  return { ...rest, address: { street, city, state, postalCode, country } };
}

export type Profile = Awaited<ReturnType<typeof loadProfile>>;

/** The people a user referred, newest first, each with SPEC's referStatus beside its own status. */
async function referralsOf(userId: string) {
  const db = await getDb();
  const referred = await db
    .select({ userId: referrals.referredUserId, name: users.name, joinedAt: referrals.createdAt, status: referrals.status, rewardedAt: referrals.rewardedAt })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt));
  return referred.map((referral) => ({ ...referral, referStatus: referral.status }));
}

interface AccountLinks {
  /** The referral code the user signed up with. */
  referredBy: string | null;
  /** The user's ledger rows, newest first. */
  transactionIds: string[];
  totalRefer: Awaited<ReturnType<typeof referralsOf>>;
}

/**
 * A profile with SPEC §3's User names beside its own: userType, the picture's url, the wallet
 * in rupees with its transactions, the referrer's code and the people referred.
 */
function specUser(profile: Profile, links: AccountLinks) {
  return {
    ...profile,
    _id: profile.id,
    userType: profile.role,
    profileImage: profile.profileImageId ? uploadUrl(profile.profileImageId) : null,
    referredBy: links.referredBy,
    wallet: { balance: paiseToRupees(profile.walletBalancePaise), transiction: links.transactionIds },
    totalRefer: links.totalRefer,
  };
}

/** The whole account as the sign-in answers and /api/editUser give it (SPEC's User). */
export async function loadAccount(userId: string) {
  const db = await getDb();
  const referrer = alias(users, "referrer");
  const [profile, [signedUpWith], ledger, totalRefer] = await Promise.all([
    loadProfile(userId),
    db.select({ code: referrer.referralCode }).from(users).innerJoin(referrer, eq(referrer.id, users.referredById)).where(eq(users.id, userId)),
    db.select({ id: transactions.id }).from(transactions).where(eq(transactions.userId, userId)).orderBy(desc(transactions.createdAt), desc(transactions.id)),
    referralsOf(userId),
  ]);
  return specUser(profile, { referredBy: signedUpWith?.code ?? null, transactionIds: ledger.map((row) => row.id), totalRefer });
}

export type Account = Awaited<ReturnType<typeof loadAccount>>;

export const getProfile = service("accounts.read", async (actor, userId: string) => {
  authorize(actor, "accounts.read", userId);
  return loadProfile(userId);
});

/** Only the fields of the profile form: role, wallet, referral code and referrer are not inputs. */
export const updateProfile = service("accounts.edit", async (actor, targetId: string, update: ProfileUpdate): Promise<Account> => {
  authorize(actor, "accounts.edit", targetId);
  const db = await getDb();
  if (update.dob) {
    // Only a changed date is checked: a name can still be corrected beside a date stored before this rule.
    const [stored] = await db.select({ dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, targetId));
    if (stored?.dateOfBirth !== update.dob) assertAdultDateOfBirth(update.dob);
  }
  await db
    .update(users)
    .set({
      name: update.name,
      ...(update.mobile !== undefined && { mobile: update.mobile }),
      ...(update.dob !== undefined && { dateOfBirth: update.dob }),
      ...(update.address?.street !== undefined && { street: update.address.street }),
      ...(update.address?.city !== undefined && { city: update.address.city }),
      ...(update.address?.state !== undefined && { state: update.address.state }),
      ...(update.address?.postalCode !== undefined && { postalCode: update.address.postalCode }),
      ...(update.address?.country !== undefined && { country: update.address.country }),
    })
    .where(and(eq(users.id, targetId), isNull(users.deletedAt)));
  return loadAccount(targetId);
});

/**
 * Refuses while the account holds money, in its wallet or in a payment an admin has yet to decide
 * (a top-up, an entry fee, a withdrawal): once deleted no one could withdraw it, and a payment
 * verified afterwards would strand its money. The user row is locked first, as every balance
 * change and verification locks it, so neither slips in between the check and the deletion.
 */
async function assertHoldsNoMoney(tx: DatabaseTransaction, userId: string): Promise<void> {
  const [account] = await tx
    .select({
      balance: users.walletBalancePaise,
      pending: sql<boolean>`exists (select 1 from public.transactions t where t.user_id = ${userId} and t.status = 'pending')`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!account) throw new NotFound(message("accountNotFound"));
  if (account.pending) throw new Conflict(message("accountDeletionPaymentPending"));
  if (account.balance > 0) throw new Conflict(message("accountDeletionWalletHolds", { amount: formatRupeesWithSymbol(account.balance) }));
}

/**
 * Removes personal data and the login. The row stays, anonymised, because ledger rows and
 * results point at it; the email is freed so the person may sign up again. Only an account that
 * holds no money (assertHoldsNoMoney).
 */
export const deleteAccount = service("accounts.delete", async (actor, targetId: string): Promise<void> => {
  authorize(actor, "accounts.delete", targetId);
  const db = await getDb();
  const removedImages = await db.transaction(async (tx) => {
    await assertHoldsNoMoney(tx, targetId);
    await tx
      .update(users)
      .set({
        name: "Deleted user",
        email: `deleted-${targetId}@deleted.invalid`,
        passwordHash: null,
        googleId: null,
        dateOfBirth: null,
        mobile: null,
        street: null,
        city: null,
        state: null,
        postalCode: null,
        country: null,
        profileImageId: null,
        referralCode: generateReferralCode(),
        deletedAt: new Date(),
        sessionVersion: sql`${users.sessionVersion} + 1`,
      })
      .where(eq(users.id, targetId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, targetId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, targetId));
    await tx.delete(notifications).where(eq(notifications.userId, targetId));
    return tx
      .delete(uploads)
      .where(and(eq(uploads.ownerId, targetId), eq(uploads.purpose, "profile")))
      .returning({ objectKey: uploads.objectKey });
  });
  await Promise.all(removedImages.map((image) => storage().delete(image.objectKey)));
});

/** The people this user referred, newest first, with whether each has earned the reward. */
export const referralStatus = service("accounts.readReferrals", async (actor, userId: string) => {
  authorize(actor, "accounts.readReferrals", userId);
  const db = await getDb();
  const [owner] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, userId));
  if (!owner) throw new NotFound(message("accountNotFound"));
  return { referralCode: owner.referralCode, totalRefer: await referralsOf(userId) };
});

/** For the admin's "send to user" search. */
export const searchUsers = service("users.search", async (_actor, query: string) => {
  const db = await getDb();
  const pattern = `%${query.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(isNull(users.deletedAt), sql`(${users.name} ilike ${pattern} or ${users.email} ilike ${pattern})`))
    .orderBy(users.name)
    .limit(10);
});
