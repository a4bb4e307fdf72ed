import { randomBytes } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { notifications, paymentFlags, referrals, transactions, users } from "@/db/schema";
import { VISITOR, type ActiveUser } from "@/lib/auth";
import { config } from "@/lib/config";
import { closeDatabase, getDb, violatedConstraint } from "@/lib/db";
import { Conflict, Forbidden, Unauthenticated } from "@/lib/errors";
import { POST as debit } from "@/app/api/wallet/debit/route";
import { PUT as review } from "@/app/api/wallet/transaction/[id]/route";
import { POST as refund } from "@/app/api/wallet/transaction/[id]/refund/route";
import { ALREADY_REFUNDED, catalogued, NO_ENTRY_FEE, NOT_REFUNDABLE, PARTICIPANT_ALREADY_PAID, PAYMENT_REFUNDED, PAYMENT_SUPERSEDED, PROOF_ALREADY_USED, REFUNDED_IS_FINAL, SEATS_FULL_FOR_VERIFICATION, SEATS_HELD, SEATS_TAKEN, VERIFIED_IS_FINAL } from "@/lib/catalogue";
import { requestTopUp, requestWithdrawal } from "@/lib/wallet";
import { call } from "@/tests/support/http";
import { settled } from "@/tests/support/race";
import { admin } from "@/tests/support/users";
import { adult, balanceOf, countRows, fundWallet, openRegistration, receivedOnStatement, uploadProof } from "@/tests/support/wallet";
import { listTransactionsForReview, payEntryFeeFromWallet, paymentStates, refundPayment, reviewTransaction, submitCredit, submitDebit, submitEntryFee } from "./index";

afterAll(closeDatabase);

const ALREADY_PAID = "You have already paid for this quiz.";

const rowsOf = (userId: string) => countRows(transactions, eq(transactions.userId, userId));

/** A UPI reference no other payment in the suite uses: a reference names one payment. */
const freshReference = () => String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 900_000_000_000));

async function payByUpi(user: ActiveUser, quizId: string, now?: Date, paymentReference = freshReference()) {
  return submitEntryFee(user, { quizId, proofUploadId: await uploadProof(user), payeeName: user.name, paymentReference }, now);
}

async function pendingTopUp(user: ActiveUser, amount: number) {
  return submitCredit(user, { paymentType: "credit", amount, payeeName: user.name, paysnapurl: await uploadProof(user) });
}

describe("the payments door", () => {
  it("refuses a visitor every payment with Unauthenticated and writes no transaction", async () => {
    const quiz = await openRegistration();
    const refusals = [
      submitEntryFee(VISITOR, { quizId: quiz.id, proofUploadId: quiz.id, payeeName: "anyone" }),
      payEntryFeeFromWallet(VISITOR, quiz.id),
      submitCredit(VISITOR, { paymentType: "form pay", quizId: quiz.id, payeeName: "anyone", paysnapurl: quiz.id }),
      submitDebit(VISITOR, { paymentType: "form pay", paymentMode: "wallet", quizId: quiz.id }),
      reviewTransaction(VISITOR, quiz.id, "verified"),
      refundPayment(VISITOR, quiz.id, "Paid twice"),
      listTransactionsForReview(VISITOR),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toThrow(Unauthenticated);
    expect(await countRows(transactions, eq(transactions.quizId, quiz.id))).toBe(0);
  });

  it("keeps reviewing to admins: a participant is Forbidden and their pending top-up stays pending and uncredited", async () => {
    const user = await adult();
    const topUp = await pendingTopUp(user, 100);
    await expect(reviewTransaction(user, topUp.id, "verified")).rejects.toThrow(Forbidden);
    await expect(refundPayment(user, topUp.id, "Paid twice")).rejects.toThrow(Forbidden);
    await expect(listTransactionsForReview(user)).rejects.toThrow(Forbidden);
    const db = await getDb();
    const [row] = await db.select().from(transactions).where(eq(transactions.id, topUp.id));
    expect(row).toMatchObject({ status: "pending", reviewedById: null, reviewedAt: null });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("refuses a userId that is not the actor's in submitCredit and submitDebit, even from an admin, before writing", async () => {
    const [alice, bob, boss] = [await adult(), await adult(), await admin()];
    const proof = await uploadProof(alice);
    for (const actor of [alice, boss]) {
      await expect(submitCredit(actor, { paymentType: "credit", amount: 10, payeeName: "A", paysnapurl: proof, userId: bob.id })).rejects.toThrow(Forbidden);
      await expect(submitDebit(actor, { paymentType: "debit", amount: 10, payeeName: "SBI", upiId: "bob@oksbi", userId: bob.id })).rejects.toThrow(Forbidden);
    }
    expect(await rowsOf(alice.id)).toBe(0);
    expect(await rowsOf(bob.id)).toBe(0);
    expect(await rowsOf(boss.id)).toBe(0);
  });
});

describe("entry fees", () => {
  it("records a UPI entry fee as pending at the quiz's own fee, tells every admin, and moves no money", async () => {
    const [user, first, second, quiz] = [await adult(), await admin(), await admin(), await openRegistration({ entryFeePaise: 12_300 })];
    const reference = freshReference();
    const paid = await payByUpi(user, quiz.id, undefined, reference);
    expect(paid).toMatchObject({ userId: user.id, quizId: quiz.id, type: "form pay", mode: "upi", status: "pending", amountPaise: 12_300, paymentReference: reference });
    expect((await paymentStates(await getDb(), user.id)).get(quiz.id)).toBe("pending");
    expect(await balanceOf(user.id)).toBe(0);

    const db = await getDb();
    for (const someAdmin of [first, second]) {
      const inbox = await db
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, someAdmin.id), eq(notifications.body, `${user.name} paid ₹123 for ${quiz.title}.`)));
      expect(inbox).toEqual([{ title: "Payment to verify" }]);
    }
  });

  it("pays from the wallet at once: verified, debited, and no admin asked", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 30_000 })];
    await fundWallet(user, reviewer, 50_000);
    const paid = await payEntryFeeFromWallet(user, quiz.id);
    expect(paid).toMatchObject({ type: "form pay", mode: "wallet", status: "verified", amountPaise: 30_000, proofUploadId: null });
    expect(paid.reviewedAt).toBeInstanceOf(Date);
    expect(await balanceOf(user.id)).toBe(20_000);
    expect((await paymentStates(await getDb(), user.id)).get(quiz.id)).toBe("verified");
    expect(await countRows(notifications, and(eq(notifications.userId, reviewer.id), like(notifications.body, `%${quiz.title}%`)))).toBe(0);
  });

  it("does not let the wallet pay with money a pending withdrawal has reserved", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 30_000 })];
    await fundWallet(user, reviewer, 50_000);
    await requestWithdrawal(user, { amountPaise: 30_000, bankName: "SBI", upiId: "kavya@oksbi" });
    await expect(payEntryFeeFromWallet(user, quiz.id)).rejects.toThrow("Your wallet balance is not enough to pay this entry fee.");
    expect(await balanceOf(user.id)).toBe(50_000);
    expect(await countRows(transactions, eq(transactions.quizId, quiz.id))).toBe(0);
  });

  it("refuses a second payment for a quiz already paid, by UPI or wallet, even when two wallet payments race", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000 })];
    await fundWallet(user, reviewer, 50_000);
    const raced = await settled([payEntryFeeFromWallet(user, quiz.id), payEntryFeeFromWallet(user, quiz.id)]);
    expect(raced.values).toHaveLength(1);
    expect(raced.errors).toEqual([expect.any(Conflict)]);
    expect(raced.errors).toMatchObject([{ message: ALREADY_PAID }]);

    await expect(payByUpi(user, quiz.id)).rejects.toThrow(ALREADY_PAID);
    await expect(payEntryFeeFromWallet(user, quiz.id)).rejects.toThrow(ALREADY_PAID);
    expect(await balanceOf(user.id)).toBe(40_000);
    expect(await countRows(transactions, eq(transactions.quizId, quiz.id))).toBe(1);
  });

  it("refuses a payment outside the registration window and once every seat is taken", async () => {
    const [early, late, reviewer, quiz] = [await adult(), await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000, capacity: 1 })];
    await expect(payByUpi(early, quiz.id, new Date(quiz.formStartAt.getTime() - 1))).rejects.toThrow("Registration for this quiz has not opened yet.");
    await expect(payByUpi(early, quiz.id, new Date(quiz.formEndAt.getTime() + 1))).rejects.toThrow("Registration for this quiz has closed.");
    await fundWallet(early, reviewer, 10_000);
    await payEntryFeeFromWallet(early, quiz.id);
    await expect(payByUpi(late, quiz.id)).rejects.toThrow("All seats for this quiz are taken.");
    expect(await rowsOf(late.id)).toBe(0);
  });
});

describe("seats (capacity is enforced by the database, under concurrency)", () => {
  it("sells the last seat once to 8 simultaneous wallet payments: 7 get 409 and keep their money", async () => {
    const [reviewer, quiz] = [await admin(), await openRegistration({ entryFeePaise: 10_000, capacity: 1 })];
    const payers = await Promise.all(Array.from({ length: 8 }, () => adult()));
    for (const payer of payers) await fundWallet(payer, reviewer, 10_000);

    const raced = await settled(payers.map((payer) => payEntryFeeFromWallet(payer, quiz.id)));
    expect(raced.values).toHaveLength(1);
    expect(raced.errors).toHaveLength(7);
    for (const error of raced.errors) expect(error).toEqual(new Conflict(catalogued(SEATS_TAKEN)));

    const winner = raced.values[0].userId;
    for (const payer of payers) expect(await balanceOf(payer.id)).toBe(payer.id === winner ? 0 : 10_000);
    expect(await countRows(transactions, eq(transactions.quizId, quiz.id))).toBe(1);
  });

  it("refuses an admin's verification of a pending UPI fee once the last seat is taken (409), and changes nothing", async () => {
    const [first, second, reviewer, quiz] = [await adult(), await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000, capacity: 1 })];
    // Two pending fees for the one seat: the first was rejected, the second submitted, the first reopened.
    const firstFee = await payByUpi(first, quiz.id);
    await reviewTransaction(reviewer, firstFee.id, "rejected");
    const secondFee = await payByUpi(second, quiz.id);
    await reviewTransaction(reviewer, firstFee.id, "pending");

    await reviewTransaction(reviewer, firstFee.id, "verified");
    await expect(reviewTransaction(reviewer, secondFee.id, "verified")).rejects.toThrow(new Conflict(catalogued(SEATS_FULL_FOR_VERIFICATION)));
    const routed = await call(review, { method: "PUT", as: reviewer, params: { id: secondFee.id }, json: { paymentVerified: "verified" } });
    expect(routed).toMatchObject({ status: 409, body: { message: SEATS_FULL_FOR_VERIFICATION } });
    const db = await getDb();
    const [row] = await db.select().from(transactions).where(eq(transactions.id, secondFee.id));
    expect(row).toMatchObject({ status: "pending", reviewedById: null });
    expect(await countRows(transactions, and(eq(transactions.quizId, quiz.id), eq(transactions.status, "verified")))).toBe(1);
  });

  it("holds a seat for a pending UPI fee: a later payment by UPI or wallet is refused, the payer's own pending fee is not counted against them", async () => {
    const [waiting, late, reviewer, quiz] = [await adult(), await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000, capacity: 1 })];
    const held = await payByUpi(waiting, quiz.id);
    await expect(payByUpi(late, quiz.id)).rejects.toThrow(new Conflict(catalogued(SEATS_HELD)));
    await fundWallet(late, reviewer, 10_000);
    await expect(payEntryFeeFromWallet(late, quiz.id)).rejects.toThrow(new Conflict(catalogued(SEATS_HELD)));
    expect(await balanceOf(late.id)).toBe(10_000);

    // The participant who holds the seat may still pay it from the wallet instead.
    await fundWallet(waiting, reviewer, 10_000);
    await payEntryFeeFromWallet(waiting, quiz.id);
    expect(await balanceOf(waiting.id)).toBe(0);

    // A rejection frees the seat at once.
    const otherQuiz = await openRegistration({ entryFeePaise: 10_000, capacity: 1 });
    const otherHeld = await payByUpi(waiting, otherQuiz.id);
    await reviewTransaction(reviewer, otherHeld.id, "rejected");
    expect(await payEntryFeeFromWallet(late, otherQuiz.id)).toMatchObject({ status: "verified" });
    expect(held.status).toBe("pending");
  });
});

describe("a quiz without an entry fee", () => {
  it("refuses a payment of ₹0 by UPI or wallet with 409 and a clear message, and writes nothing", async () => {
    const [user, quiz] = [await adult(), await openRegistration({ entryFeePaise: 0 })];
    await expect(payByUpi(user, quiz.id)).rejects.toThrow(new Conflict(catalogued(NO_ENTRY_FEE)));
    await expect(payEntryFeeFromWallet(user, quiz.id)).rejects.toThrow(new Conflict(catalogued(NO_ENTRY_FEE)));
    const routed = await call(debit, { as: user, json: { paymentType: "form pay", paymentMode: "wallet", quizId: quiz.id } });
    expect(routed).toMatchObject({ status: 409, body: { message: NO_ENTRY_FEE } });
    expect(await countRows(transactions, eq(transactions.quizId, quiz.id))).toBe(0);
  });
});

describe("a payment proof backs one payment", () => {
  it("refuses a second payment with the same screenshot, for a top-up or an entry fee, leaving one row", async () => {
    const [user, quiz] = [await adult(), await openRegistration({ entryFeePaise: 10_000 })];
    const proof = await uploadProof(user);
    await requestTopUp(user, { amountPaise: 5_000, payeeName: user.name, proofUploadId: proof });
    await expect(requestTopUp(user, { amountPaise: 5_000, payeeName: user.name, proofUploadId: proof })).rejects.toThrow(new Conflict(catalogued(PROOF_ALREADY_USED)));
    await expect(submitEntryFee(user, { quizId: quiz.id, proofUploadId: proof, payeeName: user.name })).rejects.toThrow(new Conflict(catalogued(PROOF_ALREADY_USED)));
    expect(await countRows(transactions, eq(transactions.proofUploadId, proof))).toBe(1);
    expect(await countRows(transactions, eq(transactions.quizId, quiz.id))).toBe(0);
  });

  it("stores a UPI reference trimmed and upper-case, and flags (does not refuse) the same reference on a later payment whatever its case", async () => {
    const [user, other, quiz] = [await adult(), await adult(), await openRegistration({ entryFeePaise: 10_000 })];
    const reference = freshReference();
    const topUp = await requestTopUp(user, { amountPaise: 5_000, payeeName: user.name, proofUploadId: await uploadProof(user), paymentReference: `  ${reference.toLowerCase()} ` });
    expect(topUp.paymentReference).toBe(reference);
    const again = await requestTopUp(other, { amountPaise: 5_000, payeeName: other.name, proofUploadId: await uploadProof(other), paymentReference: reference });
    const fee = await payByUpi(other, quiz.id, undefined, ` ${reference} `);
    expect(await countRows(transactions, eq(transactions.paymentReference, reference))).toBe(3);
    for (const later of [again, fee]) {
      expect(await countRows(paymentFlags, and(eq(paymentFlags.transactionId, later.id), eq(paymentFlags.reason, "reference-reused"), eq(paymentFlags.earlierTransactionId, topUp.id)))).toBe(1);
    }
  });

  it("treats a blank reference as none: many payments may leave it out", async () => {
    const user = await adult();
    for (let index = 0; index < 2; index++) {
      const row = await requestTopUp(user, { amountPaise: 1_000, payeeName: user.name, proofUploadId: await uploadProof(user), paymentReference: "   " });
      expect(row.paymentReference).toBeNull();
    }
  });
});

describe("an admin's review", () => {
  it("credits a top-up exactly once when two admins verify it at the same moment, and the verified row is final", async () => {
    const [user, first, second] = [await adult(), await admin(), await admin()];
    const topUp = await pendingTopUp(user, 250);
    const decisions = await settled([reviewTransaction(first, topUp.id, "verified"), reviewTransaction(second, topUp.id, "verified")]);
    expect(decisions.values).toHaveLength(1);
    expect([first.id, second.id]).toContain(decisions.values[0].reviewedById);
    expect(decisions.errors).toMatchObject([{ message: VERIFIED_IS_FINAL }]);
    expect(await balanceOf(user.id)).toBe(25_000);

    for (const status of ["rejected", "pending"] as const) {
      await expect(reviewTransaction(first, topUp.id, status)).rejects.toThrow(VERIFIED_IS_FINAL);
    }
    expect(await balanceOf(user.id)).toBe(25_000);
  });

  it("credits nothing for a rejected top-up, and credits it once if an admin verifies it later", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    const topUp = await pendingTopUp(user, 40);
    expect(await reviewTransaction(reviewer, topUp.id, "rejected")).toMatchObject({ status: "rejected", reviewedById: reviewer.id });
    expect(await balanceOf(user.id)).toBe(0);
    await reviewTransaction(reviewer, topUp.id, "verified");
    expect(await balanceOf(user.id)).toBe(4_000);
  });

  it("pays out a verified withdrawal from the balance, and refuses one the balance no longer covers", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 6_000 })];
    await fundWallet(user, reviewer, 10_000);
    const first = await requestWithdrawal(user, { amountPaise: 4_000, bankName: "SBI", upiId: "kavya@oksbi" });
    await reviewTransaction(reviewer, first.id, "verified");
    expect(await balanceOf(user.id)).toBe(6_000);

    const second = await requestWithdrawal(user, { amountPaise: 6_000, bankName: "SBI", upiId: "kavya@oksbi" });
    await reviewTransaction(reviewer, second.id, "rejected");
    await payEntryFeeFromWallet(user, quiz.id);
    await expect(reviewTransaction(reviewer, second.id, "verified")).rejects.toThrow("The wallet balance is too low to pay out this withdrawal.");
    expect(await balanceOf(user.id)).toBe(0);
    const db = await getDb();
    expect((await db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, second.id)))[0].status).toBe("rejected");
  });

  it("keeps a rejected entry fee rejected once the participant paid again (409), and the newer payment can still be verified", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000 })];
    const rejected = await payByUpi(user, quiz.id);
    await reviewTransaction(reviewer, rejected.id, "rejected");
    const newer = await payByUpi(user, quiz.id);

    for (const status of ["verified", "pending"] as const) {
      await expect(reviewTransaction(reviewer, rejected.id, status)).rejects.toThrow(new Conflict(catalogued(PAYMENT_SUPERSEDED)));
      const routed = await call(review, { method: "PUT", as: reviewer, params: { id: rejected.id }, json: { paymentVerified: status } });
      expect(routed).toMatchObject({ status: 409, body: { message: PAYMENT_SUPERSEDED } });
    }
    // Rejecting the newer payment too does not bring the older one back.
    await reviewTransaction(reviewer, newer.id, "rejected");
    await expect(reviewTransaction(reviewer, rejected.id, "verified")).rejects.toThrow(new Conflict(catalogued(PAYMENT_SUPERSEDED)));

    expect(await reviewTransaction(reviewer, newer.id, "verified")).toMatchObject({ status: "verified" });
    const db = await getDb();
    const rows = await db.select({ id: transactions.id, status: transactions.status }).from(transactions).where(eq(transactions.quizId, quiz.id));
    expect(new Map(rows.map((row) => [row.id, row.status]))).toEqual(new Map([[rejected.id, "rejected"], [newer.id, "verified"]]));
  });

  it("lists pending payments first for admins, filtered by quiz and status", async () => {
    const [waiting, paid, reviewer, quiz] = [await adult(), await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000 })];
    const pending = await payByUpi(waiting, quiz.id);
    await fundWallet(paid, reviewer, 10_000);
    const verified = await payEntryFeeFromWallet(paid, quiz.id);

    const all = await listTransactionsForReview(reviewer, { quizId: quiz.id });
    expect(all.rows.map((row) => [row.id, row.status, row.proofUrl])).toEqual([
      [pending.id, "pending", `/api/files/${pending.proofUploadId}`],
      [verified.id, "verified", null],
    ]);
    expect(all).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(all.quizzes).toContainEqual({ id: quiz.id, title: quiz.title });
    const onlyVerified = await listTransactionsForReview(reviewer, { quizId: quiz.id, status: "verified" });
    expect(onlyVerified.rows.map((row) => row.userEmail)).toEqual([paid.email]);
  });
});

describe("a duplicate entry fee", () => {
  /**
   * The history, as the review allowed it before a rejected payment stayed rejected: the
   * first payment rejected, a second one submitted, then the first switched to verified. The
   * second payment's money arrived, but it can never count.
   */
  async function paidTwice() {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 50_000 })];
    const first = await payByUpi(user, quiz.id);
    await reviewTransaction(reviewer, first.id, "rejected");
    const second = await payByUpi(user, quiz.id);
    const db = await getDb();
    await db.update(transactions).set({ status: "verified", reviewedById: reviewer.id, reviewedAt: new Date() }).where(eq(transactions.id, first.id));
    await receivedOnStatement(reviewer, second);
    return { user, reviewer, quiz, first, second };
  }

  const refundsOf = (paymentId: string) => countRows(transactions, eq(transactions.refundOfId, paymentId));

  it("is refunded to the wallet once: a verified credit with the reason, the payment closed, a second refund refused", async () => {
    const { user, reviewer, quiz, second } = await paidTwice();
    await expect(reviewTransaction(reviewer, second.id, "verified")).rejects.toThrow(new Conflict(catalogued(PARTICIPANT_ALREADY_PAID)));

    const routed = await call(refund, { as: reviewer, params: { id: second.id }, json: { reason: "  Paid twice; the first payment counts.  " } });
    expect(routed).toMatchObject({ status: 200, body: { message: PAYMENT_REFUNDED } });
    expect(await balanceOf(user.id)).toBe(50_000);

    const db = await getDb();
    const [credit] = await db.select().from(transactions).where(eq(transactions.refundOfId, second.id));
    expect(credit).toMatchObject({ userId: user.id, type: "credit", mode: "wallet", status: "verified", amountPaise: 50_000, reviewedById: reviewer.id });
    expect(credit.reason).toContain("Paid twice; the first payment counts.");
    expect(credit.reason).toContain(quiz.title);
    const [payment] = await db.select().from(transactions).where(eq(transactions.id, second.id));
    expect(payment).toMatchObject({ status: "rejected", reviewedById: reviewer.id });

    await expect(refundPayment(reviewer, second.id, "Again")).rejects.toThrow(new Conflict(catalogued(ALREADY_REFUNDED)));
    expect(await call(refund, { as: reviewer, params: { id: second.id }, json: { reason: "Again" } })).toMatchObject({ status: 409, body: { message: ALREADY_REFUNDED } });
    for (const status of ["pending", "verified"] as const) {
      await expect(reviewTransaction(reviewer, second.id, status)).rejects.toThrow(new Conflict(catalogued(REFUNDED_IS_FINAL)));
    }
    expect(await balanceOf(user.id)).toBe(50_000);
    expect(await refundsOf(second.id)).toBe(1);
    expect((await paymentStates(db, user.id)).get(quiz.id)).toBe("verified");
  });

  it("is refunded once when two admins refund it at the same moment", async () => {
    const { user, reviewer, second } = await paidTwice();
    const other = await admin();
    const raced = await settled([refundPayment(reviewer, second.id, "Paid twice"), refundPayment(other, second.id, "Paid twice")]);
    expect(raced.values).toHaveLength(1);
    expect(raced.errors).toEqual([new Conflict(catalogued(ALREADY_REFUNDED))]);
    expect(await balanceOf(user.id)).toBe(50_000);
    expect(await refundsOf(second.id)).toBe(1);
  });

  it("is refunded once by the database's own rule: a second credit for the same payment is refused", async () => {
    const { user, reviewer, second } = await paidTwice();
    await refundPayment(reviewer, second.id, "Paid twice");
    const db = await getDb();
    const error = await db
      .insert(transactions)
      .values({ userId: user.id, type: "credit", mode: "wallet", status: "verified", amountPaise: 50_000, reason: "Refund", refundOfId: second.id })
      .then(() => undefined, (caught: unknown) => caught);
    expect(violatedConstraint(error)).toBe("transactions_one_refund_per_payment");
    expect(await refundsOf(second.id)).toBe(1);
  });

  it("includes a pending UPI fee for a quiz since paid from the wallet", async () => {
    const [user, reviewer, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000 })];
    const byUpi = await payByUpi(user, quiz.id);
    await fundWallet(user, reviewer, 10_000);
    await payEntryFeeFromWallet(user, quiz.id);
    await receivedOnStatement(reviewer, byUpi);
    await refundPayment(reviewer, byUpi.id, "Paid from the wallet as well");
    expect(await balanceOf(user.id)).toBe(10_000);
  });

  it("is the only payment that can be refunded: not a first payment, a verified fee, a rejected one paid again or a top-up", async () => {
    const [user, reviewer, quiz, otherQuiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000 }), await openRegistration({ entryFeePaise: 10_000 })];
    const rejected = await payByUpi(user, quiz.id);
    await reviewTransaction(reviewer, rejected.id, "rejected");
    const verified = await payByUpi(user, quiz.id);
    await reviewTransaction(reviewer, verified.id, "verified");
    const waiting = await payByUpi(user, otherQuiz.id);
    const topUp = await pendingTopUp(user, 100);

    for (const payment of [rejected, verified, waiting, topUp]) {
      await expect(refundPayment(reviewer, payment.id, "Paid twice")).rejects.toThrow(new Conflict(catalogued(NOT_REFUNDABLE)));
    }
    expect(await call(refund, { as: reviewer, params: { id: waiting.id }, json: { reason: "" } })).toMatchObject({ status: 400 });
    expect(await call(refund, { as: user, params: { id: waiting.id }, json: { reason: "Paid twice" } })).toMatchObject({ status: 403 });
    expect(await balanceOf(user.id)).toBe(0);
    for (const payment of [rejected, verified, waiting, topUp]) expect(await refundsOf(payment.id)).toBe(0);
  });

  it("is shown to admins with what to do: the old payment links the newer one and offers nothing, the duplicate offers a refund", async () => {
    const { reviewer, quiz, first, second } = await paidTwice();
    const fresh = await adult();
    const waiting = await payByUpi(fresh, quiz.id);

    const before = await listTransactionsForReview(reviewer, { quizId: quiz.id });
    const rowOf = (list: typeof before, id: string) => list.rows.find((row) => row.id === id)!;
    expect(rowOf(before, second.id)).toMatchObject({ actions: ["reject", "refund"], paidWith: { id: first.id }, refund: null });
    // Money no bank line shows was never received: such a duplicate can only be rejected.
    const unseen = await adult();
    const unseenFirst = await payByUpi(unseen, quiz.id);
    await reviewTransaction(reviewer, unseenFirst.id, "rejected");
    const unseenSecond = await payByUpi(unseen, quiz.id);
    await (await getDb()).update(transactions).set({ status: "verified", reviewedById: reviewer.id, reviewedAt: new Date() }).where(eq(transactions.id, unseenFirst.id));
    expect(rowOf(await listTransactionsForReview(reviewer, { quizId: quiz.id }), unseenSecond.id)).toMatchObject({ actions: ["reject"], paidWith: { id: unseenFirst.id } });
    expect(rowOf(before, first.id)).toMatchObject({ actions: [], paidAgain: { id: second.id, createdAt: second.createdAt } });
    expect(rowOf(before, waiting.id)).toMatchObject({ actions: ["verify", "reject"], paidAgain: null, paidWith: null });

    // A rejected payment the participant paid again is never offered for verification.
    const rejectedUser = await adult();
    const old = await payByUpi(rejectedUser, quiz.id);
    await reviewTransaction(reviewer, old.id, "rejected");
    const again = await payByUpi(rejectedUser, quiz.id);
    const listed = await listTransactionsForReview(reviewer, { quizId: quiz.id });
    expect(rowOf(listed, old.id)).toMatchObject({ status: "rejected", actions: [], paidAgain: { id: again.id } });

    await refundPayment(reviewer, second.id, "Paid twice");
    const after = await listTransactionsForReview(reviewer, { quizId: quiz.id });
    expect(rowOf(after, second.id)).toMatchObject({ status: "rejected", actions: [], refund: { reason: expect.stringContaining("Paid twice"), reviewedBy: reviewer.name } });

    const credit = await listTransactionsForReview(reviewer, { transactionId: rowOf(after, second.id).refund!.id });
    expect(credit.rows).toEqual([expect.objectContaining({ type: "credit", status: "verified", actions: [], refundOf: { id: second.id, createdAt: second.createdAt } })]);
    expect(credit.total).toBe(1);
  });
});

describe("the referral reward", () => {
  it("is paid to the referrer once, on the friend's first paid quiz and not on a top-up", async () => {
    const [referrer, reviewer] = [await adult(), await admin()];
    const db = await getDb();
    const [{ referralCode }] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, referrer.id));
    const friend = await adult({ referredBy: referralCode });
    const [walletQuiz, upiQuiz] = [await openRegistration({ entryFeePaise: 10_000 }), await openRegistration({ entryFeePaise: 10_000 })];

    await fundWallet(friend, reviewer, 10_000);
    expect(await balanceOf(referrer.id)).toBe(0);
    await payEntryFeeFromWallet(friend, walletQuiz.id);
    const upi = await payByUpi(friend, upiQuiz.id);
    await reviewTransaction(reviewer, upi.id, "verified");

    const reward = config.competition.referralRewardPaise;
    expect(await balanceOf(referrer.id)).toBe(reward);
    const credits = await db.select().from(transactions).where(eq(transactions.userId, referrer.id));
    expect(credits).toEqual([expect.objectContaining({ type: "credit", mode: "wallet", status: "verified", amountPaise: reward, reason: "referralReward" })]);
    const [referral] = await db.select().from(referrals).where(eq(referrals.referredUserId, friend.id));
    expect(referral).toMatchObject({ status: "rewarded", rewardTransactionId: credits[0].id });
  });
});

describe("submitCredit and submitDebit", () => {
  it("convert rupees to whole paise, rounding away float error", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    expect((await pendingTopUp(user, 12.34)).amountPaise).toBe(1_234);
    // 4.35 * 100 is 434.99999999999994 in floating point.
    expect((await pendingTopUp(user, 4.35)).amountPaise).toBe(435);
    await fundWallet(user, reviewer, 5_000);
    const withdrawal = await submitDebit(user, { paymentType: "debit", amount: 12.34, payeeName: "SBI", upiId: "kavya@oksbi" });
    expect(withdrawal).toMatchObject({ type: "debit", status: "pending", amountPaise: 1_234, upiId: "kavya@oksbi", payeeName: "SBI" });
  });

  it("route an entry fee to a pending UPI payment or an immediate wallet payment", async () => {
    const [user, reviewer, upiQuiz, walletQuiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000 }), await openRegistration({ entryFeePaise: 10_000 })];
    const byUpi = await submitCredit(user, { paymentType: "form pay", quizId: upiQuiz.id, payeeName: "K", paysnapurl: await uploadProof(user), userId: user.id });
    expect(byUpi).toMatchObject({ quizId: upiQuiz.id, mode: "upi", status: "pending", amountPaise: 10_000 });
    await fundWallet(user, reviewer, 10_000);
    const byWallet = await submitDebit(user, { paymentType: "form pay", paymentMode: "wallet", quizId: walletQuiz.id, userId: user.id });
    expect(byWallet).toMatchObject({ quizId: walletQuiz.id, mode: "wallet", status: "verified" });
    expect(await balanceOf(user.id)).toBe(0);
  });
});

