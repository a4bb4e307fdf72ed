import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { referrals, transactions, users } from "@/db/schema";
import { step } from "@/lib/auth";
import { config } from "@/lib/config";
import { PostgresError, postgresErrorCode, violatedConstraint, type DatabaseTransaction } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { REASONS } from "./schemas";

/**
 * The money rules. Every change to a balance happens in the same database transaction as the
 * ledger row that explains it, with the owner's user row locked, so concurrent requests queue
 * instead of overdrawing; the users_wallet_not_negative check is the last line of defence.
 * These steps run inside the calling service's transaction, after it checked its permission.
 */

/** Locks the owner's row for the rest of the transaction: balance changes queue behind it. */
export const lockWallet = step(async (tx: DatabaseTransaction, userId: string) => {
  const [user] = await tx
    .select({ id: users.id, balance: users.walletBalancePaise, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) throw new NotFound(message("accountNotFound"));
  return user;
});

export type LockedWallet = Awaited<ReturnType<typeof lockWallet>>;

/** Balance less withdrawals still waiting for an admin: what may be spent or withdrawn now. */
export const spendablePaise = step(async (tx: DatabaseTransaction, wallet: LockedWallet): Promise<number> => {
  const [{ reserved }] = await tx
    .select({ reserved: sql<number>`coalesce(sum(${transactions.amountPaise}), 0)::int` })
    .from(transactions)
    .where(and(eq(transactions.userId, wallet.id), eq(transactions.type, "debit"), eq(transactions.status, "pending")));
  return wallet.balance - reserved;
});

/** Adds (or, negative, takes) paise on a wallet locked by `lockWallet`. */
export const changeBalance = step(async (tx: DatabaseTransaction, userId: string, deltaPaise: number): Promise<void> => {
  await tx.update(users).set({ walletBalancePaise: sql`${users.walletBalancePaise} + ${deltaPaise}` }).where(eq(users.id, userId));
});

/** 50 rupees to the referrer when the referred user's first quiz payment is verified: once. */
export const rewardReferrer = step(async (tx: DatabaseTransaction, referredUserId: string, now: Date): Promise<void> => {
  const [referral] = await tx
    .select({ referrerId: referrals.referrerId })
    .from(referrals)
    .where(and(eq(referrals.referredUserId, referredUserId), eq(referrals.status, "pending")))
    .for("update");
  const reward = config.competition.referralRewardPaise;
  if (!referral || reward === 0) return;
  await lockWallet(tx, referral.referrerId);
  const [credit] = await tx
    .insert(transactions)
    .values({ userId: referral.referrerId, type: "credit", mode: "wallet", status: "verified", amountPaise: reward, reason: REASONS.referral, reviewedAt: now })
    .returning({ id: transactions.id });
  await changeBalance(tx, referral.referrerId, reward);
  await tx
    .update(referrals)
    .set({ status: "rewarded", rewardTransactionId: credit.id, rewardedAt: now })
    .where(eq(referrals.referredUserId, referredUserId));
});

/**
 * Gives a payment's money back to its payer's wallet (locked by `lockWallet`): a verified credit
 * naming the payment in refund_of_id, which is unique, so a payment is refunded at most once
 * whatever the caller checked before.
 */
export const refundToWallet = step(
  async (tx: DatabaseTransaction, payment: { id: string; userId: string; amountPaise: number }, reason: string, reviewerId: string, now: Date) => {
    try {
      const [credit] = await tx
        .insert(transactions)
        .values({ userId: payment.userId, type: "credit", mode: "wallet", status: "verified", amountPaise: payment.amountPaise, reason, refundOfId: payment.id, reviewedById: reviewerId, reviewedAt: now })
        .returning();
      await changeBalance(tx, payment.userId, payment.amountPaise);
      return credit;
    } catch (error) {
      if (postgresErrorCode(error) === PostgresError.uniqueViolation && violatedConstraint(error) === "transactions_one_refund_per_payment") throw new Conflict(message("alreadyRefunded"));
      throw error;
    }
  },
);
