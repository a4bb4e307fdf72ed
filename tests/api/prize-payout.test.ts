import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as claimRoute } from "@/app/api/prizes/[quizId]/claim/route";
import { GET as statementRoute } from "@/app/api/prizes/[quizId]/statement/route";
import { POST as approveRoute } from "@/app/api/prize-claims/[claimId]/approve/route";
import { POST as paidRoute } from "@/app/api/prize-claims/[claimId]/paid/route";
import { GET as taxRoute } from "@/app/api/prize-claims/tax/route";
import { attempts, auditLog, prizeClaims, publishedResults, resultRows, transactions, users } from "@/db/schema";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { approvePrizeClaim, claimPrize, listPrizeClaims, markPrizeClaimPaid, myPrize, redeemFreePass } from "@/lib/payouts";
import { maskAccount, maskPan, taxOn } from "@/lib/payouts/schemas";
import { closedExam, submittedAttempt } from "../support/exam";
import { call } from "../support/http";
import { admin, ADULT_DOB, dateOfBirthAged, participant } from "../support/users";

afterAll(closeDatabase);

const KEY = randomBytes(32).toString("base64");
const saved = { ...config.payouts };
beforeAll(() => {
  config.payouts.encryptionKey = KEY;
});
afterEach(() => Object.assign(config.payouts, saved, { encryptionKey: KEY }));

/** A published quiz with one winner whose frozen row carries `prizePaise` (publishing itself is covered elsewhere). */
async function winner(options: { prizePaise?: number; freePass?: boolean; dateOfBirth?: string | null; disqualified?: boolean; publishedAgoDays?: number } = {}) {
  const db = await getDb();
  const quiz = await closedExam();
  const user = await participant();
  await db.update(users).set({ dateOfBirth: options.dateOfBirth === undefined ? ADULT_DOB : options.dateOfBirth }).where(eq(users.id, user.id));
  const attempt = await submittedAttempt(quiz.id, user.id, 3, 100);
  if (options.disqualified) await db.update(attempts).set({ disqualifiedAt: new Date(), disqualificationReason: "Another person in the recording." }).where(eq(attempts.id, attempt.id));
  await db.insert(publishedResults).values({ quizId: quiz.id, answerKey: [], digest: randomBytes(32).toString("hex"), publishedAt: new Date(Date.now() - (options.publishedAgoDays ?? 1) * 86_400_000) });
  await db.insert(resultRows).values({ quizId: quiz.id, participantId: user.id, rank: 1, score: 3, timeTakenSeconds: 100, prizePaise: options.prizePaise ?? 1_000_001, freePass: options.freePass ?? false });
  return { quiz, user };
}

const PAN = "ABCDE1234F";
const ACCOUNT = "123456789012";
const bankClaim = { method: "bank" as const, pan: "abcde1234f", ifsc: "sbin0001234", accountNumber: ACCOUNT };

describe("tax", () => {
  it("is the configured rate on the prize, in integer paise rounded down, above the threshold only", () => {
    expect(taxOn(1_000_001, { taxRateBasisPoints: 3000, taxThresholdPaise: 0 })).toEqual({ taxPaise: 300_000, netPaise: 700_001 });
    expect(taxOn(10_000, { taxRateBasisPoints: 3000, taxThresholdPaise: 10_000 })).toEqual({ taxPaise: 0, netPaise: 10_000 });
    expect(taxOn(10_001, { taxRateBasisPoints: 1250, taxThresholdPaise: 10_000 })).toEqual({ taxPaise: 1250, netPaise: 8751 });
  });

  it("a claim fixes the tax from the configuration in force", async () => {
    config.payouts.taxRateBasisPoints = 1000;
    config.payouts.taxSection = "194B";
    const { quiz, user } = await winner({ prizePaise: 50_005 });
    const claim = await claimPrize(user, quiz.id, bankClaim);
    expect(claim).toMatchObject({ grossPaise: 50_005, taxPaise: 5000, netPaise: 45_005, taxRateBasisPoints: 1000, taxSection: "194B" });
  });

  it("defaults to 30 % under section 194BA with no threshold", () => {
    expect(saved).toMatchObject({ taxRateBasisPoints: 3000, taxThresholdPaise: 0, taxSection: "194BA" });
  });
});

describe("claiming", () => {
  it("a winner claims through the route; PAN and account are unreadable in the table and shown masked", async () => {
    const { quiz, user } = await winner();
    const { status, body } = await call(claimRoute, { as: user, params: { quizId: quiz.id }, json: bankClaim });
    expect(status).toBe(200);
    expect(body.claim).toMatchObject({ status: "claimed", panMasked: "ABCDE••••F", accountMasked: "SBIN0001234 ••••9012", grossPaise: 1_000_001, taxPaise: 300_000, netPaise: 700_001 });
    const db = await getDb();
    const dump = await db.execute(sql`select * from prize_claims where quiz_id = ${quiz.id}`);
    const raw = JSON.stringify(dump.rows);
    expect(raw).not.toContain(PAN);
    expect(raw).not.toContain(ACCOUNT);
    expect(raw).not.toContain("abcde1234f");
    expect(raw).not.toContain("456789");
    const mine = await myPrize(user, quiz.id);
    expect(mine.claim?.panMasked).toBe("ABCDE••••F");
  });

  it("masks a UPI id and a PAN", () => {
    expect(maskPan(PAN)).toBe("ABCDE••••F");
    expect(maskAccount({ method: "bank", ifsc: "HDFC0000001", accountNumber: "000011112222" })).toBe("HDFC0000001 ••••2222");
    expect(maskAccount({ method: "upi", upiId: "winner.name@okaxis" })).toBe("wi••••@okaxis");
  });

  it("refuses bad formats", async () => {
    const { quiz, user } = await winner();
    for (const json of [
      { ...bankClaim, pan: "ABCD1234F" },
      { ...bankClaim, ifsc: "SBIN1001234" },
      { ...bankClaim, accountNumber: "12345678" },
      { ...bankClaim, accountNumber: "1234567890123456789" },
      { method: "upi", pan: PAN, upiId: "not a upi" },
      { pan: PAN },
    ]) {
      expect((await call(claimRoute, { as: user, params: { quizId: quiz.id }, json })).status).toBe(400);
    }
  });

  it("is refused with a clear 503 while no encryption key is configured", async () => {
    const { quiz, user } = await winner();
    config.payouts.encryptionKey = undefined;
    const { status, body } = await call(claimRoute, { as: user, params: { quizId: quiz.id }, json: bankClaim });
    expect(status).toBe(503);
    expect(body.message).toMatch(/not open yet/);
    const db = await getDb();
    expect(await db.select().from(prizeClaims).where(eq(prizeClaims.quizId, quiz.id))).toHaveLength(0);
  });

  it("never for an under-18 winner or one without a date of birth", async () => {
    const young = await winner({ dateOfBirth: dateOfBirthAged(18, 1) });
    expect((await call(claimRoute, { as: young.user, params: { quizId: young.quiz.id }, json: bankClaim })).status).toBe(403);
    const unknown = await winner({ dateOfBirth: null });
    expect((await call(claimRoute, { as: unknown.user, params: { quizId: unknown.quiz.id }, json: bankClaim })).status).toBe(403);
  });

  it("never for a disqualified attempt", async () => {
    const { quiz, user } = await winner({ disqualified: true });
    const { status, body } = await call(claimRoute, { as: user, params: { quizId: quiz.id }, json: bankClaim });
    expect(status).toBe(403);
    expect(body.message).toMatch(/disqualified/);
  });

  it("never twice, even at once", async () => {
    const { quiz, user } = await winner();
    const results = await Promise.allSettled([claimPrize(user, quiz.id, bankClaim), claimPrize(user, quiz.id, { method: "upi", pan: PAN, upiId: "me@upi" })]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await call(claimRoute, { as: user, params: { quizId: quiz.id }, json: bankClaim })).status).toBe(409);
  });

  it("never after the claim period, nor without a cash prize, nor for someone else's row", async () => {
    const late = await winner({ publishedAgoDays: config.payouts.claimDays + 1 });
    expect((await call(claimRoute, { as: late.user, params: { quizId: late.quiz.id }, json: bankClaim })).status).toBe(403);
    const none = await winner({ prizePaise: 0 });
    expect((await call(claimRoute, { as: none.user, params: { quizId: none.quiz.id }, json: bankClaim })).status).toBe(404);
    const other = await participant();
    expect((await call(claimRoute, { as: other, params: { quizId: late.quiz.id }, json: bankClaim })).status).toBe(404);
  });
});

describe("paying", () => {
  it("the admin approves and marks paid: payout and tax in the ledger, audited, once; the winner gets a statement", async () => {
    const { quiz, user } = await winner();
    const boss = await admin();
    const claim = await claimPrize(user, quiz.id, bankClaim);
    expect((await call(paidRoute, { as: boss, params: { claimId: claim.id }, json: { bankReference: "UTR000111" } })).status).toBe(409);
    expect((await call(approveRoute, { as: user, params: { claimId: claim.id } })).status).toBe(403);
    expect((await call(approveRoute, { as: boss, params: { claimId: claim.id } })).status).toBe(200);
    expect((await call(approveRoute, { as: boss, params: { claimId: claim.id } })).status).toBe(409);
    const listed = (await listPrizeClaims(boss)).find((row) => row.id === claim.id);
    expect(listed).toMatchObject({ status: "approved", panMasked: "ABCDE••••F", accountMasked: "SBIN0001234 ••••9012" });
    expect(JSON.stringify(listed)).not.toContain(PAN);

    const reference = `UTR${randomBytes(4).toString("hex")}`;
    const paid = await call(paidRoute, { as: boss, params: { claimId: claim.id }, json: { bankReference: reference } });
    expect(paid.status).toBe(200);
    expect((await call(paidRoute, { as: boss, params: { claimId: claim.id }, json: { bankReference: reference } })).status).toBe(409);

    const db = await getDb();
    const ledger = await db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.quizId, quiz.id)));
    expect(ledger.map((row) => [row.reason, row.type, row.status, row.amountPaise]).sort()).toEqual([
      ["prizePayout", "debit", "verified", 700_001],
      ["prizeTaxWithheld", "debit", "verified", 300_000],
    ]);
    const [wallet] = await db.select({ balance: users.walletBalancePaise }).from(users).where(eq(users.id, user.id));
    expect(wallet.balance).toBe(0);
    const audits = await db.select().from(auditLog).where(eq(auditLog.subjectId, claim.id));
    expect(audits.map((row) => row.action).sort()).toEqual(["payout.approve", "payout.paid"]);

    const statement = await call(statementRoute, { as: user, params: { quizId: quiz.id } });
    expect(statement.status).toBe(200);
    expect(statement.response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await statement.response.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    const stranger = await participant();
    expect((await call(statementRoute, { as: stranger, params: { quizId: quiz.id } })).status).toBe(404);

    const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date()).split("-").map(Number);
    const quarter = `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
    const csv = await call(taxRoute, { as: boss, url: `/api/prize-claims/tax?quarter=${quarter}` });
    expect(csv.status).toBe(200);
    const text = await csv.response.text();
    expect(text).toContain(`"${PAN}"`);
    expect(text).toContain(`"3000.00"`);
    expect(text).toContain(reference);
    expect((await call(taxRoute, { as: user, url: `/api/prize-claims/tax?quarter=${quarter}` })).status).toBe(403);
  });

  it("is not paid when the winner was disqualified after claiming", async () => {
    const { quiz, user } = await winner();
    const boss = await admin();
    const claim = await claimPrize(user, quiz.id, bankClaim);
    await approvePrizeClaim(boss, claim.id);
    const db = await getDb();
    await db.update(attempts).set({ disqualifiedAt: new Date(), disqualificationReason: "Found later." }).where(and(eq(attempts.quizId, quiz.id), eq(attempts.participantId, user.id)));
    await expect(markPrizeClaimPaid(boss, claim.id, `UTR${randomBytes(4).toString("hex")}`)).rejects.toThrow(/disqualified/);
    expect(await db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.quizId, quiz.id)))).toHaveLength(0);
  });
});

describe("free passes", () => {
  it("become one entry fee in the wallet, once", async () => {
    const { quiz, user } = await winner({ prizePaise: 0, freePass: true });
    await expect(redeemFreePass(user, quiz.id)).resolves.toEqual({ amountPaise: config.competition.entryFeePaise });
    await expect(redeemFreePass(user, quiz.id)).rejects.toThrow(/already been redeemed/);
    const db = await getDb();
    const [wallet] = await db.select({ balance: users.walletBalancePaise }).from(users).where(eq(users.id, user.id));
    expect(wallet.balance).toBe(config.competition.entryFeePaise);
  });
});
