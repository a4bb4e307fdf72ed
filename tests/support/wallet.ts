import { randomBytes } from "node:crypto";
import { count, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { quizzes, users } from "@/db/schema";
import { getDb } from "@/lib/db";
import type { ActiveUser } from "@/lib/auth";
import { reconcileStatement, reviewTransaction } from "@/lib/payments";
import { storeUpload } from "@/lib/uploads";
import { requestTopUp } from "@/lib/wallet";
import { createQuiz } from "./factories";
import { participant } from "./users";

/** Helpers for tests that move money: adult payers, payment proofs, funded wallets, row counts. */

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

/** A participant old enough to pay an entry fee, whose email is confirmed (withdrawals need it). */
export async function adult(overrides: { referredBy?: string } = {}): Promise<ActiveUser> {
  const user = await participant(overrides);
  const db = await getDb();
  await db.update(users).set({ dateOfBirth: "1990-01-01", emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return user;
}

/** The id of a payment screenshot the user uploaded, as a payment's proofUploadId. */
export async function uploadProof(user: ActiveUser): Promise<string> {
  // Each its own file: the same bytes on two payments would flag the later one as a reused screenshot.
  return (await storeUpload(user, "payment", new File([PNG, randomBytes(16)], "proof.png"))).id;
}

/** A paid quiz whose registration is open now (createQuiz's dates), with a title no other test uses. */
export async function openRegistration(overrides: Partial<typeof quizzes.$inferInsert> = {}) {
  return createQuiz(await getDb(), { title: `Olympiad ${randomBytes(4).toString("hex")}`, ...overrides });
}

export async function balanceOf(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ balance: users.walletBalancePaise }).from(users).where(eq(users.id, userId));
  return row.balance;
}

/** Money in the user's wallet the way it really arrives: a UPI top-up an admin verified. */
export async function fundWallet(user: ActiveUser, reviewer: ActiveUser, amountPaise: number) {
  const topUp = await requestTopUp(user, { amountPaise, payeeName: user.name, proofUploadId: await uploadProof(user) });
  return reviewTransaction(reviewer, topUp.id, "verified");
}

/** How many rows of the table match: for proving a refused call wrote nothing. */
export async function countRows(table: PgTable, where: SQL | undefined): Promise<number> {
  const db = await getDb();
  const [{ rows }] = await db.select({ rows: count() }).from(table).where(where);
  return rows;
}

/** The bank statement line that shows a UPI payment's money: an admin reconciles a statement with it. */
export async function receivedOnStatement(reviewer: ActiveUser, payment: { paymentReference: string | null; amountPaise: number }) {
  const rupees = (payment.amountPaise / 100).toFixed(2);
  return reconcileStatement(reviewer, { csv: `Narration,Credit\r\nUPI/${payment.paymentReference}/PAYER,${rupees}`, utrColumn: "Narration", amountColumn: "Credit" });
}
