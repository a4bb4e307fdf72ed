import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as credit } from "@/app/api/wallet/credit/route";
import { POST as debit } from "@/app/api/wallet/debit/route";
import { GET as history } from "@/app/api/wallet/history/route";
import { PUT as review } from "@/app/api/wallet/transaction/[id]/route";
import { POST as upload } from "@/app/api/upload/route";
import { notifications, paymentFlags, referrals, transactions, users } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { PROOF_ALREADY_USED } from "@/lib/catalogue";
import type { ActiveUser } from "@/lib/auth";
import { createQuiz } from "../support/factories";
import { call } from "../support/http";
import { admin, participant } from "../support/users";

afterAll(closeDatabase);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const DAY = 86_400_000;

async function adult(overrides: { referredBy?: string } = {}) {
  const user = await participant(overrides);
  const db = await getDb();
  await db.update(users).set({ dateOfBirth: "1990-01-01", emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return user;
}

async function proof(user: ActiveUser): Promise<string> {
  const form = new FormData();
  // Each its own file: the same bytes again would flag the payment (same screenshot), and a flagged payment is verified only with a reason.
  form.set("file", new Blob([PNG, randomBytes(16)]), "proof.png");
  form.set("imageType", "payment");
  return String((await call(upload, { form, as: user })).body.url);
}

async function openQuiz(fee = 50_000) {
  const now = Date.now();
  return createQuiz(await getDb(), { entryFeePaise: fee, formStartAt: new Date(now - DAY), formEndAt: new Date(now + DAY), examStartAt: new Date(now + DAY), examEndAt: new Date(now + 2 * DAY), resultAt: new Date(now + 3 * DAY) });
}

async function balanceOf(userId: string) {
  const db = await getDb();
  const [row] = await db.select({ balance: users.walletBalancePaise }).from(users).where(eq(users.id, userId));
  return row.balance;
}

/** The ledger explains the cached balance to the paisa. */
async function ledgerBalance(userId: string) {
  const db = await getDb();
  const { rows } = await db.execute<{ total: number }>(sql`
    select coalesce(sum(case when type = 'credit' then amount_paise
                             when type = 'debit' or (type = 'form pay' and mode = 'wallet') then -amount_paise
                             else 0 end), 0)::int as total
    from transactions where user_id = ${userId} and status = 'verified'`);
  return rows[0].total;
}

async function topUp(user: ActiveUser, rupees: number, reviewer: ActiveUser) {
  const submitted = await call(credit, { as: user, json: { paymentType: "credit", amount: rupees, payeeName: "kavya", paysnapurl: await proof(user), paymentMode: "upi" } });
  expect(submitted.status).toBe(201);
  const id = (submitted.body.transaction as { id: string }).id;
  expect((await call(review, { method: "PUT", as: reviewer, params: { id }, json: { paymentVerified: "verified" } })).status).toBe(200);
  return id;
}

describe("entry fees", () => {
  it("records a pending 'form pay' for the quiz's own fee, tells the admins, and allows one pending at a time", async () => {
    const [user, quiz, someAdmin] = [await adult(), await openQuiz(), await admin()];
    const body = { paymentType: "form pay", quizId: quiz.id, payeeName: "Kavya M", paysnapurl: await proof(user), paymentId: "123456789012", amount: 1, paymentVerified: "verified" };
    const first = await call(credit, { as: user, json: body });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ message: "Payment submitted successfully! Please wait for admin confirmation.", transaction: { status: "pending", amountPaise: 50_000, type: "form pay" } });

    const db = await getDb();
    const adminInbox = await db.select().from(notifications).where(eq(notifications.userId, someAdmin.id));
    expect(adminInbox.map((notification) => notification.title)).toContain("Payment to verify");

    const again = await call(credit, { as: user, json: body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Your payment for this quiz is already waiting for verification.");
  });

  it("allows paying again after a rejection, and refuses a second payment once verified", async () => {
    const [user, quiz, reviewer] = [await adult(), await openQuiz(), await admin()];
    const pay = async () => call(credit, { as: user, json: { paymentType: "form pay", quizId: quiz.id, payeeName: "K", paysnapurl: await proof(user) } });
    const first = await pay();
    await call(review, { method: "PUT", as: reviewer, params: { id: (first.body.transaction as { id: string }).id }, json: { paymentVerified: "rejected" } });
    const second = await pay();
    expect(second.status).toBe(201);
    await call(review, { method: "PUT", as: reviewer, params: { id: (second.body.transaction as { id: string }).id }, json: { paymentVerified: "verified" } });
    const third = await pay();
    expect(third.status).toBe(409);
    expect(third.body.message).toBe("You have already paid for this quiz.");
  });

  it("refuses a participant under 18 or without a date of birth, and a proof that is not theirs", async () => {
    const [young, noDob, other, quiz] = [await participant(), await participant(), await adult(), await openQuiz()];
    const db = await getDb();
    await db.update(users).set({ dateOfBirth: new Date(Date.now() - 17 * 365 * DAY).toISOString().slice(0, 10) }).where(eq(users.id, young.id));
    const body = async (user: ActiveUser) => ({ paymentType: "form pay", quizId: quiz.id, payeeName: "K", paysnapurl: await proof(user) });
    // The code lets the payment screen link straight to the profile's date-of-birth field.
    const tooYoung = await call(credit, { as: young, json: await body(young) });
    expect(tooYoung).toMatchObject({ status: 403, body: { message: "You must be 18 or older to take part.", code: "date-of-birth" } });
    const missing = await call(credit, { as: noDob, json: await body(noDob) });
    expect(missing).toMatchObject({ status: 403, body: { message: "Please add your date of birth in your profile. You must be 18 or older to take part.", code: "date-of-birth" } });
    const stolen = await call(credit, { as: other, json: { ...(await body(noDob)) } });
    expect(stolen.status).toBe(400);
  });

  it("uses the spec's text when the screenshot or bank username is missing", async () => {
    const [user, quiz] = [await adult(), await openQuiz()];
    const { status, body } = await call(credit, { as: user, json: { paymentType: "form pay", quizId: quiz.id, payeeName: " " } });
    expect(status).toBe(400);
    expect(body.message).toBe("Please upload payment proof screenshot and bank username.");
  });

  it("pays from the wallet at once when the balance covers the fee", async () => {
    const [user, quiz, reviewer] = [await adult(), await openQuiz(30_000), await admin()];
    expect((await call(debit, { as: user, json: { paymentType: "form pay", paymentMode: "wallet", quizId: quiz.id } })).status).toBe(409);
    await topUp(user, 500, reviewer);
    const paid = await call(debit, { as: user, json: { paymentType: "form pay", paymentMode: "wallet", quizId: quiz.id } });
    expect(paid.status).toBe(201);
    expect(paid.body.transaction).toMatchObject({ status: "verified", mode: "wallet", amountPaise: 30_000 });
    expect(await balanceOf(user.id)).toBe(20_000);
    expect(await ledgerBalance(user.id)).toBe(20_000);
  });
});

describe("a payment proof backs one payment", () => {
  it("refuses a second top-up with the same screenshot upload with 409, leaving one row", async () => {
    const user = await adult();
    const screenshot = await proof(user);
    const body = { paymentType: "credit", amount: 100, payeeName: "Kavya", paysnapurl: screenshot };
    expect((await call(credit, { as: user, json: body })).status).toBe(201);
    const again = await call(credit, { as: user, json: body });
    expect(again).toMatchObject({ status: 409, body: { message: PROOF_ALREADY_USED } });
    const db = await getDb();
    expect(await db.select().from(transactions).where(eq(transactions.userId, user.id))).toHaveLength(1);
  });

  it("takes the same UPI reference on a second payment, whatever its spaces, and flags it with the first payment linked", async () => {
    const [user, other, quiz] = [await adult(), await adult(), await openQuiz()];
    const reference = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
    const first = await call(credit, { as: user, json: { paymentType: "credit", amount: 100, payeeName: "Kavya", paysnapurl: await proof(user), paymentId: ` ${reference.slice(0, 4)} ${reference.slice(4)} ` } });
    expect(first.status).toBe(201);
    const firstId = (first.body.transaction as { id: string; paymentReference: string }).id;
    expect((first.body.transaction as { paymentReference: string }).paymentReference).toBe(reference);
    const entryFee = await call(credit, { as: other, json: { paymentType: "form pay", quizId: quiz.id, payeeName: "Ravi", paysnapurl: await proof(other), paymentId: reference } });
    expect(entryFee.status).toBe(201);
    const db = await getDb();
    const flags = await db.select().from(paymentFlags).where(eq(paymentFlags.transactionId, (entryFee.body.transaction as { id: string }).id));
    expect(flags).toContainEqual(expect.objectContaining({ reason: "reference-reused", earlierTransactionId: firstId }));
    expect(await db.select().from(transactions).where(eq(transactions.paymentReference, reference))).toHaveLength(2);
  });
});

describe("verification", () => {
  it("makes a verified transaction final, in the API and in the database itself", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    const id = await topUp(user, 100, reviewer);
    for (const paymentVerified of ["rejected", "pending"]) {
      const { status, body } = await call(review, { method: "PUT", as: reviewer, params: { id }, json: { paymentVerified } });
      expect(status).toBe(409);
      expect(body.message).toBe("This transaction has already been verified and cannot be changed.");
    }
    const db = await getDb();
    await expect(db.update(transactions).set({ amountPaise: 1 }).where(eq(transactions.id, id))).rejects.toThrow();
    await expect(db.delete(transactions).where(eq(transactions.id, id))).rejects.toThrow();
    expect(await balanceOf(user.id)).toBe(10_000);
  });

  it("credits once when two admins verify the same transaction at the same moment", async () => {
    const [user, first, second] = [await adult(), await admin(), await admin()];
    const submitted = await call(credit, { as: user, json: { paymentType: "credit", amount: 250, payeeName: "kavya", paysnapurl: await proof(user) } });
    const id = (submitted.body.transaction as { id: string }).id;
    const results = await Promise.all([first, second, first, second].map((reviewer) => call(review, { method: "PUT", as: reviewer, params: { id }, json: { paymentVerified: "verified" } })));
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await balanceOf(user.id)).toBe(25_000);
    expect(await ledgerBalance(user.id)).toBe(25_000);
  });

  it("is for admins only: 401 for visitors, 403 for participants", async () => {
    const user = await adult();
    const submitted = await call(credit, { as: user, json: { paymentType: "credit", amount: 10, payeeName: "k", paysnapurl: await proof(user) } });
    const id = (submitted.body.transaction as { id: string }).id;
    expect((await call(review, { method: "PUT", params: { id }, json: { paymentVerified: "verified" } })).status).toBe(401);
    expect((await call(review, { method: "PUT", as: user, params: { id }, json: { paymentVerified: "verified" } })).status).toBe(403);
    expect(await balanceOf(user.id)).toBe(0);
  });
});

describe("withdrawals", () => {
  it("accepts exactly 3 of 20 concurrent withdrawals against a balance that covers 3", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    await topUp(user, 300, reviewer);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () => call(debit, { as: user, json: { paymentType: "debit", amount: 100, payeeName: "SBI", upiId: "kavya@oksbi" } })),
    );
    const accepted = attempts.filter((attempt) => attempt.status === 201);
    expect(accepted).toHaveLength(3);
    expect(attempts.filter((attempt) => attempt.status === 400).every((attempt) => attempt.body.message === "Withdrawal amount cannot exceed wallet balance.")).toBe(true);
    expect(attempts.filter((attempt) => attempt.status === 400)).toHaveLength(17);

    await Promise.all(accepted.map((attempt) => call(review, { method: "PUT", as: reviewer, params: { id: (attempt.body.transaction as { id: string }).id }, json: { paymentVerified: "verified" } })));
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerBalance(user.id)).toBe(0);
  });

  it("asks for every field and never more than the balance", async () => {
    const user = await adult();
    const missing = await call(debit, { as: user, json: { paymentType: "debit", amount: 10, payeeName: "", upiId: "a@b" } });
    expect(missing.body.message).toBe("Please fill in all the required fields.");
    const tooMuch = await call(debit, { as: user, json: { paymentType: "debit", amount: 1, payeeName: "SBI", upiId: "kavya@oksbi" } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe("Withdrawal amount cannot exceed wallet balance.");
  });

  it("takes amounts with two decimals that floating point cannot hold exactly, and refuses three", async () => {
    const user = await adult();
    const topUp = await call(credit, { as: user, json: { paymentType: "credit", amount: 19.99, payeeName: "Kavya", paysnapurl: await proof(user) } });
    expect(topUp.status).toBe(201);
    expect((topUp.body.transaction as { amountPaise: number }).amountPaise).toBe(1999);
    const three = await call(credit, { as: user, json: { paymentType: "credit", amount: 4.355, payeeName: "Kavya", paysnapurl: await proof(user) } });
    expect(three.status).toBe(400);
    expect(three.body.message).toBe("Enter an amount in rupees with at most two decimals.");
  });
});

describe("referral reward", () => {
  it("pays the referrer 50 rupees once, even when two of the friend's payments are verified at once", async () => {
    const [referrer, first, second] = [await adult(), await admin(), await admin()];
    const db = await getDb();
    const [{ referralCode }] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, referrer.id));
    const friend = await adult({ referredBy: referralCode });
    const [quizA, quizB] = [await openQuiz(), await openQuiz()];
    const ids: string[] = [];
    for (const quiz of [quizA, quizB]) {
      const paid = await call(credit, { as: friend, json: { paymentType: "form pay", quizId: quiz.id, payeeName: "F", paysnapurl: await proof(friend) } });
      ids.push((paid.body.transaction as { id: string }).id);
    }
    expect(await balanceOf(referrer.id)).toBe(0);
    const results = await Promise.all([call(review, { method: "PUT", as: first, params: { id: ids[0] }, json: { paymentVerified: "verified" } }), call(review, { method: "PUT", as: second, params: { id: ids[1] }, json: { paymentVerified: "verified" } })]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);

    expect(await balanceOf(referrer.id)).toBe(5_000);
    expect(await ledgerBalance(referrer.id)).toBe(5_000);
    const [referral] = await db.select().from(referrals).where(eq(referrals.referredUserId, friend.id));
    expect(referral.status).toBe("rewarded");
    const rewards = await db.select().from(transactions).where(eq(transactions.userId, referrer.id));
    expect(rewards).toEqual([expect.objectContaining({ reason: "referralReward", amountPaise: 5_000, status: "verified" })]);
  });
});

describe("history", () => {
  it("lists only the caller's own transactions", async () => {
    const [user, other, reviewer] = [await adult(), await adult(), await admin()];
    await topUp(user, 10, reviewer);
    await topUp(other, 20, reviewer);
    const { body } = await call(history, { as: user });
    expect(body.rows).toEqual([expect.objectContaining({ amountPaise: 1_000, status: "verified" })]);
  });
});
