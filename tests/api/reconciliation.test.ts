import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as reconcile } from "@/app/api/payments/reconciliation/route";
import { POST as verifyAllMatched } from "@/app/api/payments/reconciliation/verify-matched/route";
import { PUT as review } from "@/app/api/wallet/transaction/[id]/route";
import { POST as refund } from "@/app/api/wallet/transaction/[id]/refund/route";
import { auditLog, journalEntries, journalLines, statementLines, transactions } from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { closeDatabase, getDb } from "@/lib/db";
import { inEnglish, message, messageTranslator, type Message } from "@/lib/catalogue";
import { listTransactionsForReview, payEntryFeeFromWallet, reviewTransaction, submitEntryFee } from "@/lib/payments";
import { requestTopUp } from "@/lib/wallet";
import hindiErrors from "@/messages/hi/errors.json";
import { call } from "@/tests/support/http";
import { admin } from "@/tests/support/users";
import { adult, balanceOf, fundWallet, openRegistration, uploadProof } from "@/tests/support/wallet";

afterAll(closeDatabase);

const inHindi = messageTranslator("hi", hindiErrors);
const HINDI = { cookie: "NEXT_LOCALE=hi" };

/** A 12-digit UTR no other test (or earlier run on the same database) uses. */
const freshUtr = () => `7${String(randomBytes(6).readUIntBE(0, 6) % 100_000_000_000).padStart(11, "0")}`;

async function topUp(user: ActiveUser, amountPaise: number, paymentReference: string) {
  return requestTopUp(user, { amountPaise, payeeName: user.name, proofUploadId: await uploadProof(user), paymentReference });
}

/** A bank statement in the shape banks export: date, narration holding the UTR, credit amount. */
const statement = (...lines: [utr: string, rupees: string][]) =>
  ["Date,Narration,Credit", ...lines.map(([utr, rupees]) => `27/11/2026,UPI/${utr}/PAYER/okaxis,"${rupees}"`)].join("\r\n");

async function upload(as: ActiveUser, csv: string) {
  return call(reconcile, { as, json: { csv, utrColumn: "Narration", amountColumn: "Credit", dateColumn: "Date", fileName: "statement.csv" } });
}

async function row(id: string) {
  const db = await getDb();
  const [found] = await db.select().from(transactions).where(eq(transactions.id, id));
  return found;
}

async function verifiedWithUtr(utr: string) {
  const db = await getDb();
  return db.select({ id: transactions.id }).from(transactions).where(and(eq(transactions.paymentReference, utr), eq(transactions.status, "verified")));
}

describe("one bank credit backs one payment", () => {
  it("matches none of two pending payments that share one line's UTR, shows the conflict, and lets exactly one be verified, with a reason", async () => {
    const [first, second, boss] = [await adult(), await adult(), await admin()];
    const utr = freshUtr();
    const a = await topUp(first, 100_000, utr);
    const b = await topUp(second, 100_000, utr);

    const answer = await upload(boss, statement([utr, "1,000.00"]));
    expect(answer.status).toBe(200);
    expect(answer.body.matched).toEqual([]);
    expect(answer.body.notes).toEqual([
      expect.objectContaining({ line: 1, outcome: "conflict", paymentIds: expect.arrayContaining([a.id, b.id]), message: inEnglish(message("lineConflict", { line: 1, utr, payments: 2 })) }),
    ]);
    const bulk = await call(verifyAllMatched, { as: boss });
    expect(bulk.body.verified).not.toEqual(expect.arrayContaining([a.id]));
    expect(bulk.body.verified).not.toEqual(expect.arrayContaining([b.id]));

    // Sharing a UTR calls both into question: no verification without a written reason.
    expect(await call(review, { as: boss, params: { id: a.id }, json: { paymentVerified: "verified" } })).toMatchObject({ status: 400, body: { message: inEnglish(message("verifyReasonRequired")) } });
    const verified = await call(review, { as: boss, params: { id: a.id }, json: { paymentVerified: "verified", reason: "Bank confirms the credit came from the first payer's account." } });
    expect(verified.status).toBe(200);
    expect((await row(a.id)).statementLineId).not.toBeNull();
    const other = await call(review, { as: boss, params: { id: b.id }, json: { paymentVerified: "verified", reason: "Trying the second one too." } });
    expect(other).toMatchObject({ status: 409, body: { message: inEnglish(message("utrAlreadyReceived")) } });
    expect(await verifiedWithUtr(utr)).toHaveLength(1);
    expect(await balanceOf(first.id) + (await balanceOf(second.id))).toBe(100_000);
  });

  it("never verifies a second payment whose UTR is already verified, by statement or by hand", async () => {
    const [payer, reuser, boss] = [await adult(), await adult(), await admin()];
    const utr = freshUtr();
    const original = await topUp(payer, 50_000, utr);
    await reviewTransaction(boss, original.id, "verified");
    const again = await topUp(reuser, 50_000, utr);

    const answer = await upload(boss, statement([utr, "500.00"]));
    expect(answer.body.matched).toEqual([]);
    expect(answer.body.notes).toEqual([expect.objectContaining({ line: 1, outcome: "already-received", paymentIds: [original.id] })]);
    await expect(reviewTransaction(boss, again.id, "verified", { reason: "Looks fine." })).rejects.toThrow(inEnglish(message("utrAlreadyReceived")));
    expect((await row(again.id)).status).toBe("pending");
    expect(await balanceOf(reuser.id)).toBe(0);
  });

  it("lets exactly one of two admins verify two payments with the same UTR at the same moment; the other gets 409", async () => {
    const [first, second, boss, colleague] = [await adult(), await adult(), await admin(), await admin()];
    const utr = freshUtr();
    const [a, b] = [await topUp(first, 20_000, utr), await topUp(second, 20_000, utr)];
    const answers = await Promise.all([
      call(review, { as: boss, params: { id: a.id }, json: { paymentVerified: "verified", reason: "Checked with the bank." } }),
      call(review, { as: colleague, params: { id: b.id }, json: { paymentVerified: "verified", reason: "Checked with the bank." } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(inEnglish(message("utrAlreadyReceived")));
    expect(await verifiedWithUtr(utr)).toHaveLength(1);
  });

  it("keeps every line of a statement, reads duplicates once, does not match an amount a paisa off, and names each line it did not match", async () => {
    const [payer, boss] = [await adult(), await admin()];
    const [exact, offByPaisa] = [freshUtr(), freshUtr()];
    const matched = await topUp(payer, 25_000, exact);
    const near = await topUp(payer, 10_000, offByPaisa);
    const answer = await upload(boss, statement([exact, "250.00"], [exact, "250.00"], [offByPaisa, "99.99"], ["not a utr", "5.00"]));
    expect(answer.status).toBe(200);
    expect(answer.body.matched).toEqual([matched.id]);
    expect(answer.body.notes).toEqual([
      expect.objectContaining({ line: 2, outcome: "repeat", sameAs: 1, message: inEnglish(message("lineRepeat", { line: 2, sameAs: 1, utr: exact })) }),
      expect.objectContaining({ line: 3, outcome: "amount-differs", paymentIds: [near.id], message: inEnglish(message("lineAmountDiffers", { line: 3, utr: offByPaisa, lineAmount: "₹99.99", paymentAmount: "₹100" })) }),
    ]);
    const db = await getDb();
    const kept = await db.select().from(statementLines).where(eq(statementLines.statementId, String(answer.body.statementId))).orderBy(statementLines.lineNumber);
    expect(kept.map((line) => [line.lineNumber, line.utr, line.amountPaise, line.valueDate])).toEqual([
      [1, exact, 25_000, "27/11/2026"],
      [2, exact, 25_000, "27/11/2026"],
      [3, offByPaisa, 9_999, "27/11/2026"],
      [4, null, 500, "27/11/2026"],
    ]);
    expect(kept[3].raw).toContain("not a utr");

    // The payment a paisa off is verified only by hand, with a reason, and takes its line.
    await expect(reviewTransaction(boss, near.id, "verified")).rejects.toThrow(inEnglish(message("verifyReasonRequired")));
    await reviewTransaction(boss, near.id, "verified", { reason: "Bank charged a paisa; the payer sent ₹100." });
    expect((await row(near.id)).statementLineId).toBe(kept[2].id);
  });

  it("ties each bank credit to one payment when two overlapping statements are reconciled at the same moment", async () => {
    const [payer, boss, colleague] = [await adult(), await admin(), await admin()];
    const utrs = [freshUtr(), freshUtr(), freshUtr()];
    const payments = await Promise.all(utrs.map((utr) => topUp(payer, 30_000, utr)));
    const [one, two] = await Promise.all([upload(boss, statement([utrs[0], "300"], [utrs[1], "300"])), upload(colleague, statement([utrs[1], "300"], [utrs[2], "300"]))]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const matchedIds = [...(one.body.matched as string[]), ...(two.body.matched as string[])];
    expect(matchedIds.sort()).toEqual(payments.map((payment) => payment.id).sort());
    const lines = await Promise.all(payments.map(async (payment) => (await row(payment.id)).statementLineId));
    expect(new Set(lines).size).toBe(3);
  });
});

describe("verify all matched", () => {
  it("never verifies a flagged payment: it says how many it left and why, and audits the run as bulk", async () => {
    const [payer, boss] = [await adult(), await admin()];
    const [cleanUtr, flaggedUtr] = [freshUtr(), freshUtr()];
    const clean = await topUp(payer, 10_000, cleanUtr);
    // Rejected, then sent again with the same UTR: the later payment is flagged reference-reused.
    const earlier = await topUp(payer, 10_000, flaggedUtr);
    await reviewTransaction(boss, earlier.id, "rejected");
    const flagged = await topUp(payer, 10_000, flaggedUtr);
    const matched = await upload(boss, statement([cleanUtr, "100"], [flaggedUtr, "100"]));
    expect((matched.body.matched as string[]).sort()).toEqual([clean.id, flagged.id].sort());

    const answer = await call(verifyAllMatched, { as: boss });
    expect(answer.status).toBe(200);
    expect(answer.body.verified).toContain(clean.id);
    expect(answer.body.verified).not.toContain(flagged.id);
    expect(answer.body.left).toEqual(expect.arrayContaining([{ id: flagged.id, reasons: ["flagged"] }]));
    expect(String(answer.body.message)).toMatch(/left for you to verify one by one with a reason/);
    expect((await row(flagged.id)).status).toBe("pending");

    const db = await getDb();
    const [bulk] = await db.select().from(auditLog).where(and(eq(auditLog.action, "payment.verifyMatched"), eq(auditLog.actorId, boss.id))).orderBy(desc(auditLog.id)).limit(1);
    expect(bulk.after).toMatchObject({ verified: expect.arrayContaining([clean.id]), left: expect.arrayContaining([{ id: flagged.id, reasons: ["flagged"] }]) });
    const [single] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, clean.id), eq(auditLog.action, "payment.verify")));
    expect(single.after).toMatchObject({ bulk: true, statementLine: expect.objectContaining({ utr: cleanUtr, lineNumber: 1 }) });
  });

  it("credits one wallet once when two top-ups with one UTR meet one bank line", async () => {
    const [payer, boss] = [await adult(), await admin()];
    const utr = freshUtr();
    await topUp(payer, 100_000, utr);
    await topUp(payer, 100_000, utr);
    await upload(boss, statement([utr, "1000.00"]));
    await call(verifyAllMatched, { as: boss });
    expect(await balanceOf(payer.id)).toBe(0);
    expect(await verifiedWithUtr(utr)).toHaveLength(0);
  });
});

describe("verifying a payment something calls into question", () => {
  it("asks for a reason and records it with the flags overridden and the statement line used", async () => {
    const [payer, boss] = [await adult(), await admin()];
    const utr = freshUtr();
    const earlier = await topUp(payer, 40_000, utr);
    await reviewTransaction(boss, earlier.id, "rejected");
    const flagged = await topUp(payer, 40_000, utr);
    await upload(boss, statement([utr, "400"]));

    const refused = await call(review, { as: boss, params: { id: flagged.id }, json: { paymentVerified: "verified" } });
    expect(refused).toMatchObject({ status: 400, body: { message: inEnglish(message("verifyReasonRequired")) } });
    expect((await row(flagged.id)).status).toBe("pending");
    const reason = "Payer resent the same UTR after a wrong rejection; bank line confirms ₹400.";
    expect((await call(review, { as: boss, params: { id: flagged.id }, json: { paymentVerified: "verified", reason } })).status).toBe(200);

    const db = await getDb();
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, flagged.id), eq(auditLog.action, "payment.verify")));
    expect(entry.reason).toBe(reason);
    expect(entry.after).toMatchObject({ overridden: ["flagged"], flags: [{ reason: "reference-reused", earlier: earlier.id }], statementLine: expect.objectContaining({ utr, amountPaise: 40_000 }) });
  });
});

describe("refunds only of money received", () => {
  /** A second entry fee for a quiz the participant's first payment already counts for. */
  async function secondFee() {
    const [user, boss, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000 })];
    const utrs = [freshUtr(), freshUtr()];
    const pay = async (paymentReference: string) => submitEntryFee(user, { quizId: quiz.id, proofUploadId: await uploadProof(user), payeeName: user.name, paymentReference });
    const first = await pay(utrs[0]);
    await reviewTransaction(boss, first.id, "rejected");
    const second = await pay(utrs[1]);
    const db = await getDb();
    await db.update(transactions).set({ status: "verified", reviewedById: boss.id, reviewedAt: new Date() }).where(eq(transactions.id, first.id));
    return { user, boss, second, utr: utrs[1] };
  }

  it("refuses to refund a payment no bank line shows, and creates no money", async () => {
    const { user, boss, second } = await secondFee();
    const answer = await call(refund, { as: boss, params: { id: second.id }, json: { reason: "Paid twice." } });
    expect(answer).toMatchObject({ status: 409, body: { message: inEnglish(message("refundNotReceived")) } });
    expect(await balanceOf(user.id)).toBe(0);
    expect((await row(second.id)).status).toBe("pending");
  });

  it("refunds it once its bank line is on file, and the refunded credit can back no other payment", async () => {
    const { user, boss, second, utr } = await secondFee();
    await upload(boss, statement([utr, "100"]));
    expect((await call(refund, { as: boss, params: { id: second.id }, json: { reason: "Paid twice." } })).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(10_000);
    const copycat = await topUp(await adult(), 10_000, utr);
    await expect(reviewTransaction(boss, copycat.id, "verified", { reason: "Looks fine." })).rejects.toThrow(inEnglish(message("utrAlreadyReceived")));
  });
});

describe("a bank line's amount is what was received", () => {
  const LONG_REASON = "The bank line is what arrived; the payer's app showed the wrong amount.";

  async function entryFeeOnLine(lineRupees: string) {
    const [user, boss, quiz] = [await adult(), await admin(), await openRegistration({ entryFeePaise: 10_000 })];
    const utr = freshUtr();
    const fee = await submitEntryFee(user, { quizId: quiz.id, proofUploadId: await uploadProof(user), payeeName: user.name, paymentReference: utr });
    await upload(boss, statement([utr, lineRupees]));
    return { user, boss, quiz, fee };
  }

  it("refuses to refund a ₹100 payment whose bank line shows ₹1, in both languages, and moves no money", async () => {
    // The review's attack: a ₹100 wallet, a ₹100 fee by UPI on a ₹1 line, the same fee from the wallet, then a refund of the UPI payment.
    const { user, boss, quiz, fee } = await entryFeeOnLine("1.00");
    await fundWallet(user, boss, 10_000);
    await payEntryFeeFromWallet(user, quiz.id);
    expect(await balanceOf(user.id)).toBe(0);

    // Transaction Management offers no refund of it, and the refund itself is refused.
    expect((await listTransactionsForReview(boss, { transactionId: fee.id })).rows[0].actions).toEqual(["reject"]);
    const refusal: Message = message("refundExceedsLine", { lineAmount: "₹1", paymentAmount: "₹100" });
    expect(await call(refund, { as: boss, params: { id: fee.id }, json: { reason: "Paid twice." } })).toMatchObject({ status: 409, body: { message: inEnglish(refusal) } });
    expect(await call(refund, { as: boss, params: { id: fee.id }, json: { reason: "Paid twice." }, headers: HINDI })).toMatchObject({ status: 409, body: { message: inHindi(refusal) } });
    expect(inHindi(refusal)).not.toBe(inEnglish(refusal));
    expect(await balanceOf(user.id)).toBe(0);
    expect(await row(fee.id)).toMatchObject({ status: "pending", statementLineId: null });
  });

  it("verifies a top-up against a smaller line only with a reason of 20 characters or more, and credits the line's amount", async () => {
    const [payer, boss] = [await adult(), await admin()];
    const utr = freshUtr();
    const claimed = await topUp(payer, 10_000, utr);
    await upload(boss, statement([utr, "1.00"]));

    expect(await call(review, { as: boss, params: { id: claimed.id }, json: { paymentVerified: "verified" } })).toMatchObject({ status: 400, body: { message: inEnglish(message("verifyReasonRequired")) } });
    const tooShort = message("amountDiffersReasonTooShort", { paymentAmount: "₹100", lineAmount: "₹1", minimum: 20 });
    expect(await call(review, { as: boss, params: { id: claimed.id }, json: { paymentVerified: "verified", reason: "x" } })).toMatchObject({ status: 400, body: { message: inEnglish(tooShort) } });
    expect(await call(review, { as: boss, params: { id: claimed.id }, json: { paymentVerified: "verified", reason: "x" }, headers: HINDI })).toMatchObject({ status: 400, body: { message: inHindi(tooShort) } });
    expect((await row(claimed.id)).status).toBe("pending");
    expect(await balanceOf(payer.id)).toBe(0);

    expect((await call(review, { as: boss, params: { id: claimed.id }, json: { paymentVerified: "verified", reason: LONG_REASON } })).status).toBe(200);
    expect(await row(claimed.id)).toMatchObject({ status: "verified", amountPaise: 100, statementLineId: expect.any(String) });
    expect(await balanceOf(payer.id)).toBe(100);
    const db = await getDb();
    const lines = await db.select({ account: journalLines.account, amountPaise: journalLines.amountPaise }).from(journalLines).innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId)).where(eq(journalEntries.transactionId, claimed.id));
    expect(lines).toEqual(expect.arrayContaining([{ account: "bank", amountPaise: 100 }]));
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, claimed.id), eq(auditLog.action, "payment.verify")));
    expect(entry).toMatchObject({ reason: LONG_REASON, before: expect.objectContaining({ amountPaise: 10_000 }), after: expect.objectContaining({ amountPaise: 100, overridden: ["amount-differs"] }) });
  });

  it("never lets an entry fee that received less than the fee buy the seat", async () => {
    const { user, boss, fee } = await entryFeeOnLine("1.00");
    const refusal = message("entryFeeShortOnLine", { lineAmount: "₹1", paymentAmount: "₹100" });
    expect(await call(review, { as: boss, params: { id: fee.id }, json: { paymentVerified: "verified", reason: LONG_REASON } })).toMatchObject({ status: 409, body: { message: inEnglish(refusal) } });
    expect(await call(review, { as: boss, params: { id: fee.id }, json: { paymentVerified: "verified", reason: LONG_REASON }, headers: HINDI })).toMatchObject({ status: 409, body: { message: inHindi(refusal) } });
    expect(await row(fee.id)).toMatchObject({ status: "pending", amountPaise: 10_000, statementLineId: null });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("records an entry fee paid on a larger line at the line's amount", async () => {
    const { boss, fee } = await entryFeeOnLine("150.00");
    await expect(reviewTransaction(boss, fee.id, "verified", { reason: "Paid more." })).rejects.toThrow(inEnglish(message("amountDiffersReasonTooShort", { paymentAmount: "₹100", lineAmount: "₹150", minimum: 20 })));
    await reviewTransaction(boss, fee.id, "verified", { reason: LONG_REASON });
    expect(await row(fee.id)).toMatchObject({ status: "verified", amountPaise: 15_000 });
  });
});
