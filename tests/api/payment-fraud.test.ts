import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { POST as credit } from "@/app/api/wallet/credit/route";
import { POST as upload } from "@/app/api/upload/route";
import { POST as reconcile } from "@/app/api/payments/reconciliation/route";
import { POST as verifyAllMatched } from "@/app/api/payments/reconciliation/verify-matched/route";
import { auditLog, paymentFlags, transactions, users } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { UTR_FORMAT } from "@/lib/catalogue";
import type { ActiveUser } from "@/lib/auth";
import { listTransactionsForReview, statementMapping } from "@/lib/payments";
import { call } from "../support/http";
import { admin } from "../support/users";
import { adult, openRegistration } from "../support/wallet";

afterAll(closeDatabase);

let counter = Date.now() % 1e8;
/** A 12-digit UTR no other test uses. */
const utr = () => `9${String(counter++).padStart(11, "0")}`;

/**
 * A screenshot-sized picture no other test (or earlier run on the same database) has: blocks of
 * colour laid out from a random seed, with text, as a payment app's page has.
 */
function screenshot(): Promise<Buffer> {
  let seed = randomInt(1, 2 ** 31 - 1);
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const blocks = Array.from({ length: 14 }, () => {
    const grey = Math.floor(next() * 255);
    return `<rect x="${Math.floor(next() * 600)}" y="${Math.floor(next() * 1100)}" width="${60 + Math.floor(next() * 360)}" height="${50 + Math.floor(next() * 360)}" fill="rgb(${grey},${255 - grey},${Math.floor(next() * 255)})"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280"><rect width="720" height="1280" fill="#fff"/>${blocks.join("")}<text x="60" y="160" font-size="72" font-family="sans-serif">Paid Rs ${Math.floor(next() * 1000)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function proof(user: ActiveUser, bytes: Buffer, name = "proof.png"): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  form.set("imageType", "payment");
  const answer = await call(upload, { form, as: user });
  expect(answer.status).toBe(201);
  return String(answer.body.url);
}

async function topUp(user: ActiveUser, bytes: Buffer, paymentId: string | undefined = utr(), amount = 100) {
  const answer = await call(credit, { as: user, json: { paymentType: "credit", amount, payeeName: user.name, paysnapurl: await proof(user, bytes), paymentId } });
  expect(answer.status).toBe(201);
  return (answer.body.transaction as { id: string }).id;
}

async function flagsOf(transactionId: string) {
  const db = await getDb();
  return db.select().from(paymentFlags).where(eq(paymentFlags.transactionId, transactionId));
}

describe("payment fraud checks", () => {
  it("flags a reused UTR with the earlier payment linked, on a top-up and on an entry fee", async () => {
    const [first, second, quiz] = [await adult(), await adult(), await openRegistration()];
    const reference = utr();
    const earlier = await topUp(first, await screenshot(), reference);
    expect(await flagsOf(earlier)).toEqual([]);
    const later = await topUp(second, await screenshot(), ` ${reference.slice(0, 6)} ${reference.slice(6)} `);
    expect(await flagsOf(later)).toMatchObject([{ reason: "reference-reused", earlierTransactionId: earlier }]);
    const fee = await call(credit, { as: second, json: { paymentType: "form pay", quizId: quiz.id, payeeName: second.name, paysnapurl: await proof(second, await screenshot()), paymentId: reference } });
    expect(fee.status).toBe(201);
    expect(await flagsOf((fee.body.transaction as { id: string }).id)).toMatchObject([{ reason: "reference-reused", earlierTransactionId: earlier }]);
  });

  it("flags the very same screenshot file on a later payment", async () => {
    const [first, second] = [await adult(), await adult()];
    const bytes = await screenshot();
    const earlier = await topUp(first, bytes);
    const later = await topUp(second, bytes);
    expect(await flagsOf(later)).toMatchObject([{ reason: "same-screenshot", earlierTransactionId: earlier }]);
  });

  it("flags a screenshot re-encoded at another JPEG quality, and one cropped by 10 %, as the earlier picture", async () => {
    const [first, second] = [await adult(), await adult()];
    const copies: ((original: Buffer) => Promise<Buffer>)[] = [
      (original) => sharp(original).jpeg({ quality: 35 }).toBuffer(),
      (original) => sharp(original).extract({ left: 0, top: 128, width: 720, height: 1152 }).jpeg({ quality: 80 }).toBuffer(),
      (original) => sharp(original).extract({ left: 36, top: 64, width: 648, height: 1152 }).png().toBuffer(),
    ];
    // A fresh picture for each copy: a copy of a copy would rightly be flagged against the closer one.
    for (const copyOf of copies) {
      const original = await screenshot();
      const earlier = await topUp(first, original);
      const later = await topUp(second, await copyOf(original));
      const flags = await flagsOf(later);
      expect(flags).toMatchObject([{ reason: "similar-screenshot", earlierTransactionId: earlier }]);
      expect(flags[0].distance).toBeLessThanOrEqual(10);
    }
  });

  it("does not flag a different screenshot with a different UTR", async () => {
    const [first, second] = [await adult(), await adult()];
    await topUp(first, await screenshot());
    const later = await topUp(second, await screenshot());
    expect(await flagsOf(later)).toEqual([]);
  });

  it("refuses a UTR that is not 12 digits, and accepts a payment without one (SPEC clients)", async () => {
    const user = await adult();
    const bytes = await screenshot();
    for (const paymentId of ["UPI-9", "12345678901", "1234567890123", "12345678901a"]) {
      const answer = await call(credit, { as: user, json: { paymentType: "credit", amount: 10, payeeName: user.name, paysnapurl: await proof(user, bytes), paymentId } });
      expect(answer).toMatchObject({ status: 400, body: { message: UTR_FORMAT } });
    }
    const without = await call(credit, { as: user, json: { paymentType: "credit", amount: 10, payeeName: user.name, paysnapurl: await proof(user, await screenshot()) } });
    expect(without.status).toBe(201);
  });

  it("Transaction Management lists a flagged payment with its reason and the earlier payment, filters to flagged ones and finds a payment by part of its UTR", async () => {
    const [first, second, boss] = [await adult(), await adult(), await admin()];
    const reference = utr();
    const earlier = await topUp(first, await screenshot(), reference);
    const later = await topUp(second, await screenshot(), reference);
    const byUtr = await listTransactionsForReview(boss, { utr: `${reference.slice(0, 6)} ${reference.slice(6)}` });
    expect(byUtr.rows.map((row) => row.id).sort()).toEqual([earlier, later].sort());
    const flagged = byUtr.rows.find((row) => row.id === later)!;
    expect(flagged.flags).toMatchObject([{ reason: "reference-reused", earlier: { id: earlier } }]);
    expect(byUtr.rows.find((row) => row.id === earlier)!.flags).toEqual([]);
    const onlyFlagged = await listTransactionsForReview(boss, { utr: reference.slice(2), flagged: true });
    expect(onlyFlagged.rows.map((row) => row.id)).toEqual([later]);
  });
});

describe("reconciliation with a bank statement", () => {
  async function row(id: string) {
    const db = await getDb();
    const [found] = await db.select().from(transactions).where(eq(transactions.id, id));
    return found;
  }

  it("marks matched only the pending payments whose UTR and amount both appear on one line, remembers the columns, and verifies the matched ones in one go", async () => {
    const [payer, boss, participantOnly] = [await adult(), await admin(), await adult()];
    const [utrA, utrB, utrC, stranger] = [utr(), utr(), utr(), utr()];
    const a = await topUp(payer, await screenshot(), utrA, 100);
    const b = await topUp(payer, await screenshot(), utrB, 200);
    const c = await topUp(payer, await screenshot(), utrC, 300.5);
    const d = await topUp(payer, await screenshot(), utr(), 300.5);
    const csv = [
      "Date,Narration,Withdrawal,Deposit Amount",
      `25/11/2026,UPI/${utrA}/KAVYA/okaxis,,"₹100.00"`,
      `25/11/2026,UPI/${utrB}/KAVYA/okaxis,,250.00`,
      `25/11/2026,UPI/${stranger}/SOMEONE/okicici,,300.50`,
      `25/11/2026,"UPI/${utrC.slice(0, 6)} ${utrC.slice(6)}, ""note""",,"300.50"`,
    ].join("\r\n");
    const body = { csv, utrColumn: "Narration", amountColumn: "Deposit Amount" };
    expect((await call(reconcile, { as: participantOnly, json: body })).status).toBe(403);
    const answer = await call(reconcile, { as: boss, json: body });
    expect(answer.status).toBe(200);
    expect((answer.body.matched as string[]).sort()).toEqual([a, c].sort());
    expect((await row(a)).statementMatchedAt).not.toBeNull();
    expect((await row(b)).statementMatchedAt).toBeNull();
    expect((await row(c)).statementMatchedAt).not.toBeNull();
    expect((await row(d)).statementMatchedAt).toBeNull();
    expect(await statementMapping(boss)).toEqual({ utrColumn: "Narration", amountColumn: "Deposit Amount" });

    const listed = await listTransactionsForReview(boss, { matched: true });
    expect(listed.rows.map((listedRow) => listedRow.id)).toEqual(expect.arrayContaining([a, c]));
    expect(listed.rows.map((listedRow) => listedRow.id)).not.toContain(b);

    const verified = await call(verifyAllMatched, { as: boss });
    expect(verified.status).toBe(200);
    expect(verified.body.verified).toEqual(expect.arrayContaining([a, c]));
    expect((await row(a)).status).toBe("verified");
    expect((await row(c)).status).toBe("verified");
    expect((await row(b)).status).toBe("pending");
    const db = await getDb();
    const [{ balance }] = await db.select({ balance: users.walletBalancePaise }).from(users).where(eq(users.id, payer.id));
    expect(balance).toBe(10_000 + 30_050);
    const audits = await db.select().from(auditLog).where(eq(auditLog.subjectId, a));
    expect(audits.map((entry) => entry.action)).toEqual(["payment.verify"]);
  });

  it("refuses a mapping naming a column the statement does not have", async () => {
    const answer = await call(reconcile, { as: await admin(), json: { csv: "Date,UTR,Amount\r\n1,123456789012,5", utrColumn: "Reference", amountColumn: "Amount" } });
    expect(answer).toMatchObject({ status: 400, body: { message: 'The statement has no column named "Reference".' } });
  });
});
