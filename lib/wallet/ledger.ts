import { and, desc, eq, sql } from "drizzle-orm";
import { quizzes, referrals, transactions, uploads, users } from "@/db/schema";
import { config } from "@/lib/config";
import { getDb, type DatabaseTransaction } from "@/lib/db";
import { PostgresError, postgresErrorCode, violatedConstraint } from "@/lib/db/errors";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import { notifyAdmins } from "@/lib/notifications/service";
import { assertOldEnough } from "@/lib/users/eligibility";
import type { ActiveUser } from "@/lib/users/service";
import { VERIFIED_IS_FINAL, WITHDRAWAL_TOO_LARGE } from "./schemas";

/**
 * The money rules. Every change to a balance happens in the same database transaction as the
 * ledger row that explains it, with the owner's user row locked, so concurrent requests queue
 * instead of overdrawing; the users_wallet_not_negative check is the last line of defence.
 */

export type TransactionStatus = "pending" | "verified" | "rejected";

export const REASONS = { topUp: "walletAddMoney", withdrawal: "walletWithdrawMoney", referral: "referralReward" } as const;

async function lockUser(tx: DatabaseTransaction, userId: string) {
  const [user] = await tx
    .select({ id: users.id, balance: users.walletBalancePaise, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) throw new NotFound("Account not found.");
  return user;
}

/** Balance less withdrawals still waiting for an admin: what may be spent or withdrawn now. */
async function availablePaise(tx: DatabaseTransaction, userId: string, balance: number): Promise<number> {
  const [{ reserved }] = await tx
    .select({ reserved: sql<number>`coalesce(sum(${transactions.amountPaise}), 0)::int` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, "debit"), eq(transactions.status, "pending")));
  return balance - reserved;
}

async function assertOwnPaymentProof(tx: DatabaseTransaction, ownerId: string, uploadId: string): Promise<string> {
  const [proof] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.ownerId, ownerId), eq(uploads.purpose, "payment")));
  if (!proof) throw new Invalid("Please upload a payment screenshot.");
  return proof.id;
}

async function registrableQuiz(tx: DatabaseTransaction, quizId: string, now: Date) {
  const [quiz] = await tx.select().from(quizzes).where(and(eq(quizzes.id, quizId), eq(quizzes.isDemo, false)));
  if (!quiz) throw new NotFound("Quiz not found.");
  if (now < quiz.formStartAt) throw new Conflict("Registration for this quiz has not opened yet.");
  if (now > quiz.formEndAt) throw new Conflict("Registration for this quiz has closed.");
  if (quiz.capacity !== null) {
    const [{ taken }] = await tx
      .select({ taken: sql<number>`count(*)::int` })
      .from(transactions)
      .where(and(eq(transactions.quizId, quizId), eq(transactions.type, "form pay"), eq(transactions.status, "verified")));
    if (taken >= quiz.capacity) throw new Conflict("All seats for this quiz are taken.");
  }
  return quiz;
}

const ALREADY_PAID = "You have already paid for this quiz.";

async function assertNotPaidYet(tx: DatabaseTransaction, userId: string, quizId: string, message = ALREADY_PAID) {
  const [paid] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.quizId, quizId), eq(transactions.type, "form pay"), eq(transactions.status, "verified")));
  if (paid) throw new Conflict(message);
}

function mapEntryFeeConflicts(error: unknown): never {
  if (postgresErrorCode(error) === PostgresError.uniqueViolation) {
    const constraint = violatedConstraint(error);
    if (constraint === "transactions_one_pending_entry_fee") throw new Conflict("Your payment for this quiz is already waiting for verification.");
    if (constraint === "transactions_one_verified_entry_fee") throw new Conflict(ALREADY_PAID);
  }
  throw error;
}

export interface EntryFeeSubmission {
  quizId: string;
  proofUploadId: string;
  payeeName: string;
  paymentReference?: string;
}

type LockedUser = Awaited<ReturnType<typeof lockUser>>;
type Quiz = Awaited<ReturnType<typeof registrableQuiz>>;

/**
 * The checks every entry fee shares, in one database transaction with the payer locked: old
 * enough, registration open with seats left, not paid yet. Then `pay` records the payment.
 */
async function payEntryFee<T>(actor: ActiveUser, quizId: string, now: Date, pay: (tx: DatabaseTransaction, user: LockedUser, quiz: Quiz) => Promise<T>): Promise<T> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const user = await lockUser(tx, actor.id);
      assertOldEnough(user.dateOfBirth, config.competition.minimumAge, now);
      const quiz = await registrableQuiz(tx, quizId, now);
      await assertNotPaidYet(tx, actor.id, quiz.id);
      return pay(tx, user, quiz);
    });
  } catch (error) {
    mapEntryFeeConflicts(error);
  }
}

function entryFeeReason(quiz: Quiz): string {
  return `paid for ${config.brand.name} competition ${quiz.title}`;
}

/** A UPI payment with its screenshot, waiting for an admin; admins are told at once. */
export function submitEntryFee(actor: ActiveUser, submission: EntryFeeSubmission, now = new Date()) {
  return payEntryFee(actor, submission.quizId, now, async (tx, _user, quiz) => {
    const proofId = await assertOwnPaymentProof(tx, actor.id, submission.proofUploadId);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: actor.id,
        quizId: quiz.id,
        type: "form pay",
        mode: "upi",
        amountPaise: quiz.entryFeePaise,
        payeeName: submission.payeeName,
        paymentReference: submission.paymentReference || null,
        reason: entryFeeReason(quiz),
        proofUploadId: proofId,
      })
      .returning();
    await notifyAdmins(tx, {
      title: "Payment to verify",
      body: `${actor.name} paid ₹${quiz.entryFeePaise / 100} for ${quiz.title}.`,
      url: "/adminpanel?tab=transactions",
    });
    return row;
  });
}

/** Paying the fee from the wallet needs no admin: verified at once, a debit in the ledger. */
export function payEntryFeeFromWallet(actor: ActiveUser, quizId: string, now = new Date()) {
  return payEntryFee(actor, quizId, now, async (tx, user, quiz) => {
    if ((await availablePaise(tx, actor.id, user.balance)) < quiz.entryFeePaise) {
      throw new Conflict("Your wallet balance is not enough to pay this entry fee.");
    }
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: actor.id,
        quizId: quiz.id,
        type: "form pay",
        mode: "wallet",
        status: "verified",
        amountPaise: quiz.entryFeePaise,
        reason: entryFeeReason(quiz),
        reviewedAt: now,
      })
      .returning();
    await tx.update(users).set({ walletBalancePaise: sql`${users.walletBalancePaise} - ${quiz.entryFeePaise}` }).where(eq(users.id, actor.id));
    await rewardReferrer(tx, actor.id, now);
    return row;
  });
}

export interface TopUpRequest {
  amountPaise: number;
  payeeName: string;
  proofUploadId: string;
  paymentReference?: string;
}

export async function requestTopUp(actor: ActiveUser, request: TopUpRequest) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const proofId = await assertOwnPaymentProof(tx, actor.id, request.proofUploadId);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: actor.id,
        type: "credit",
        mode: "upi",
        amountPaise: request.amountPaise,
        payeeName: request.payeeName,
        paymentReference: request.paymentReference || null,
        reason: REASONS.topUp,
        proofUploadId: proofId,
      })
      .returning();
    await notifyAdmins(tx, { title: "Wallet top-up to verify", body: `${actor.name} added ₹${request.amountPaise / 100}.`, url: "/adminpanel?tab=transactions" });
    return row;
  });
}

export interface WithdrawalRequest {
  amountPaise: number;
  bankName: string;
  upiId: string;
}

/** Never more than the balance less withdrawals already waiting, even when requests race. */
export async function requestWithdrawal(actor: ActiveUser, request: WithdrawalRequest) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, actor.id);
    if (request.amountPaise > (await availablePaise(tx, actor.id, user.balance))) throw new Invalid(WITHDRAWAL_TOO_LARGE);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: actor.id,
        type: "debit",
        mode: "upi",
        amountPaise: request.amountPaise,
        payeeName: request.bankName,
        upiId: request.upiId,
        reason: REASONS.withdrawal,
      })
      .returning();
    await notifyAdmins(tx, { title: "Withdrawal to pay out", body: `${actor.name} asked to withdraw ₹${request.amountPaise / 100}.`, url: "/adminpanel?tab=transactions" });
    return row;
  });
}

/**
 * An admin's decision. Pending or rejected may become anything; verified is final. The row is
 * locked first, so two admins deciding at once produce exactly one effect.
 */
export async function reviewTransaction(admin: ActiveUser, transactionId: string, status: TransactionStatus, now = new Date()) {
  if (admin.role !== "admin") throw new Forbidden("Only admins can do this.");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for("update");
    if (!current) throw new NotFound("Transaction not found.");
    if (current.status === "verified") throw new Conflict(VERIFIED_IS_FINAL);
    if (current.status === status) return current;

    if (status === "verified") await applyVerifiedEffect(tx, current, now);
    const [updated] = await tx
      .update(transactions)
      .set({ status, reviewedById: admin.id, reviewedAt: now })
      .where(eq(transactions.id, transactionId))
      .returning();
    return updated;
  });
}

async function applyVerifiedEffect(tx: DatabaseTransaction, row: typeof transactions.$inferSelect, now: Date) {
  const user = await lockUser(tx, row.userId);
  if (row.type === "credit") {
    await tx.update(users).set({ walletBalancePaise: sql`${users.walletBalancePaise} + ${row.amountPaise}` }).where(eq(users.id, row.userId));
  } else if (row.type === "debit") {
    if (user.balance < row.amountPaise) throw new Conflict("The wallet balance is too low to pay out this withdrawal.");
    await tx.update(users).set({ walletBalancePaise: sql`${users.walletBalancePaise} - ${row.amountPaise}` }).where(eq(users.id, row.userId));
  } else {
    await assertNotPaidYet(tx, row.userId, row.quizId!, "This participant has already paid for this quiz.");
    await rewardReferrer(tx, row.userId, now);
  }
}

/** 50 rupees to the referrer when the referred user's first quiz payment is verified: once. */
async function rewardReferrer(tx: DatabaseTransaction, referredUserId: string, now: Date) {
  const [referral] = await tx
    .select({ referrerId: referrals.referrerId })
    .from(referrals)
    .where(and(eq(referrals.referredUserId, referredUserId), eq(referrals.status, "pending")))
    .for("update");
  const reward = config.competition.referralRewardPaise;
  if (!referral || reward === 0) return;
  await lockUser(tx, referral.referrerId);
  const [credit] = await tx
    .insert(transactions)
    .values({ userId: referral.referrerId, type: "credit", mode: "wallet", status: "verified", amountPaise: reward, reason: REASONS.referral, reviewedAt: now })
    .returning({ id: transactions.id });
  await tx.update(users).set({ walletBalancePaise: sql`${users.walletBalancePaise} + ${reward}` }).where(eq(users.id, referral.referrerId));
  await tx
    .update(referrals)
    .set({ status: "rewarded", rewardTransactionId: credit.id, rewardedAt: now })
    .where(eq(referrals.referredUserId, referredUserId));
}

/** A participant's state for one quiz, derived from their entry-fee rows. */
export type PaymentState = "not paid" | TransactionStatus;

export async function paymentStates(userId: string): Promise<Map<string, PaymentState>> {
  const db = await getDb();
  const rows = await db
    .select({ quizId: transactions.quizId, status: transactions.status })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, "form pay")))
    .orderBy(desc(transactions.createdAt));
  const states = new Map<string, PaymentState>();
  for (const row of rows) {
    const known = states.get(row.quizId!);
    if (row.status === "verified" || !known) states.set(row.quizId!, row.status);
  }
  return states;
}
