import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as claimRoute } from "@/app/api/prizes/[quizId]/claim/route";
import { GET as statementRoute } from "@/app/api/prizes/[quizId]/statement/route";
import { POST as approveRoute } from "@/app/api/prize-claims/[claimId]/approve/route";
import { POST as paidRoute } from "@/app/api/prize-claims/[claimId]/paid/route";
import { POST as rejectRoute } from "@/app/api/prize-claims/[claimId]/reject/route";
import { POST as releaseRoute } from "@/app/api/prize-claims/[claimId]/release/route";
import { GET as taxRoute } from "@/app/api/prize-claims/tax/route";
import { attempts, auditLog, prizeClaims, publishedResults, resultRows, transactions, users } from "@/db/schema";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import type { ActiveUser } from "@/lib/auth";
import { approvePrizeClaim, claimPrize, listPrizeClaims, markPrizeClaimPaid, myPrize, PAN_HOLD_REASON, type PrizeClaimView } from "@/lib/payouts";
import { financialQuarterOf, financialYearOf, maskAccount, maskPan } from "@/lib/payouts/schemas";
import { closedExam, submittedAttempt } from "../support/exam";
import { call } from "../support/http";
import { ACCOUNT, bankClaim, claimWith, freshPan, sealClaimsWithTestKey } from "../support/payouts";
import { pdfTexts } from "../support/pdf-text";
import { admin, ADULT_DOB, dateOfBirthAged, participant } from "../support/users";

afterAll(closeDatabase);

sealClaimsWithTestKey();

/** A published quiz with one winner whose frozen row carries `prizePaise` (publishing itself is covered elsewhere). */
async function winner(options: { prizePaise?: number; freePass?: boolean; dateOfBirth?: string | null; disqualified?: boolean; publishedAgoDays?: number; user?: ActiveUser } = {}) {
  const db = await getDb();
  const quiz = await closedExam();
  const user = options.user ?? (await participant());
  await db.update(users).set({ dateOfBirth: options.dateOfBirth === undefined ? ADULT_DOB : options.dateOfBirth }).where(eq(users.id, user.id));
  const attempt = await submittedAttempt(quiz.id, user.id, 3, 100);
  if (options.disqualified) await db.update(attempts).set({ disqualifiedAt: new Date(), disqualificationReason: "Another person in the recording." }).where(eq(attempts.id, attempt.id));
  await db.insert(publishedResults).values({ quizId: quiz.id, answerKey: [], digest: randomBytes(32).toString("hex"), publishedAt: new Date(Date.now() - (options.publishedAgoDays ?? 1) * 86_400_000) });
  await db.insert(resultRows).values({ quizId: quiz.id, participantId: user.id, rank: 1, score: 3, timeTakenSeconds: 100, prizePaise: options.prizePaise ?? 1_000_001, freePass: options.freePass ?? false });
  return { quiz, user };
}

const PAN = "ABCDE1234F";

/** A verified entry fee paid (reviewed) at `at`, as the wallet or an admin's verification records it. */
async function paidFee(user: ActiveUser, paise: number, at: Date = new Date()) {
  const db = await getDb();
  const quiz = await closedExam();
  await db.insert(transactions).values({ userId: user.id, quizId: quiz.id, type: "form pay", mode: "wallet", status: "verified", amountPaise: paise, reason: "test entry fee", reviewedAt: at, createdAt: at });
}

/** Claimed, approved and paid through the services; the paid claim. */
async function paidPrize(user: ActiveUser, prizePaise: number, pan: string, at: Date = new Date()) {
  const { quiz } = await winner({ prizePaise, user });
  const boss = await admin();
  const claim = await claimPrize(user, quiz.id, claimWith(pan), at);
  await approvePrizeClaim(boss, claim.id, at);
  return { quiz, claim: await markPrizeClaimPaid(boss, claim.id, `UTR${randomBytes(6).toString("hex")}`, at) };
}

describe("tax", () => {
  it("defaults to 30 % of net winnings under section 194BA with no threshold", () => {
    expect(config.payouts).toMatchObject({ taxRateBasisPoints: 3000, taxThresholdPaise: 0, taxSection: "194BA", taxBasis: "net" });
  });

  it("a claim shows the estimate from the configuration in force, rounded to the rupee", async () => {
    config.payouts.taxRateBasisPoints = 1000;
    config.payouts.taxSection = "194B";
    const { quiz, user } = await winner({ prizePaise: 50_005 });
    const claim = await claimPrize(user, quiz.id, claimWith(freshPan()));
    expect(claim).toMatchObject({ grossPaise: 50_005, taxPaise: 5000, netPaise: 45_005, taxRateBasisPoints: 1000, taxSection: "194B", heldAt: null });
  });

  it("on ₹400 after a ₹100 entry fee is ₹90, and a second prize the same financial year is taxed on the cumulative net winnings", async () => {
    const user = await participant();
    await getDb().then((db) => db.update(users).set({ dateOfBirth: ADULT_DOB }).where(eq(users.id, user.id)));
    await paidFee(user, 10_000);
    const pan = freshPan();
    const first = await winner({ prizePaise: 40_000, user });
    expect((await myPrize(user, first.quiz.id)).expected).toMatchObject({ taxPaise: 9000, netPaise: 31_000 });
    const { claim } = await paidPrize(user, 40_000, pan);
    expect(claim).toMatchObject({ status: "paid", grossPaise: 40_000, taxPaise: 9000, netPaise: 31_000, taxBasis: "net", taxRateBasisPoints: 3000 });
    expect(claim.financialYear).toMatch(/^\d{4}-\d{2}$/);
    // Cumulative net ₹500 → ₹150 for the year, ₹90 already withheld → ₹60.
    const second = await paidPrize(user, 20_000, pan);
    expect(second.claim).toMatchObject({ grossPaise: 20_000, taxPaise: 6000, netPaise: 14_000 });
    const db = await getDb();
    const ledger = await db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.quizId, second.quiz.id)));
    expect(ledger.map((row) => [row.reason, row.amountPaise]).sort()).toEqual([
      ["prizePayout", 14_000],
      ["prizeTaxWithheld", 6000],
    ]);
  });

  it("is fixed when the prize is paid: a fee paid after the claim lowers it, and the claim's estimate is replaced", async () => {
    const { quiz, user } = await winner({ prizePaise: 40_000 });
    const boss = await admin();
    const claim = await claimPrize(user, quiz.id, claimWith(freshPan()));
    expect(claim.taxPaise).toBe(12_000);
    await paidFee(user, 10_000);
    expect((await approvePrizeClaim(boss, claim.id)).taxPaise).toBe(9000);
    await paidFee(user, 30_000);
    const paid = await markPrizeClaimPaid(boss, claim.id, `UTR${randomBytes(6).toString("hex")}`);
    expect(paid).toMatchObject({ taxPaise: 0, netPaise: 40_000 });
    const db = await getDb();
    const ledger = await db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.quizId, quiz.id)));
    expect(ledger.map((row) => [row.reason, row.amountPaise])).toEqual([["prizePayout", 40_000]]);
  });

  it("starts again in a new financial year: last year's prizes, fees and tax do not count", async () => {
    const user = await participant();
    await getDb().then((db) => db.update(users).set({ dateOfBirth: ADULT_DOB }).where(eq(users.id, user.id)));
    const pan = freshPan();
    const lastYear = new Date(Date.now() - 400 * 86_400_000);
    await paidFee(user, 100_000, lastYear);
    const old = await paidPrize(user, 40_000, pan, lastYear);
    expect(old.claim).toMatchObject({ taxPaise: 0, financialYear: financialYearOf(lastYear).label });
    const now = await paidPrize(user, 40_000, pan);
    expect(now.claim).toMatchObject({ taxPaise: 12_000, financialYear: financialYearOf(new Date()).label });
  });

  it("on the gross basis ignores the fees; above a threshold taxes the whole year's amount", async () => {
    config.payouts.taxBasis = "gross";
    const user = await participant();
    await getDb().then((handle) => handle.update(users).set({ dateOfBirth: ADULT_DOB }).where(eq(users.id, user.id)));
    await paidFee(user, 10_000);
    expect((await paidPrize(user, 40_000, freshPan())).claim).toMatchObject({ taxPaise: 12_000, taxBasis: "gross" });
    config.payouts.taxBasis = "net";
    config.payouts.taxThresholdPaise = 1_000_000;
    const other = await participant();
    await getDb().then((handle) => handle.update(users).set({ dateOfBirth: ADULT_DOB }).where(eq(users.id, other.id)));
    const pan = freshPan();
    expect((await paidPrize(other, 600_000, pan)).claim.taxPaise).toBe(0);
    expect((await paidPrize(other, 600_000, pan)).claim.taxPaise).toBe(360_000);
  });

  it("two payouts to one participant at once take turns: the year's tax is withheld once", async () => {
    const user = await participant();
    await getDb().then((handle) => handle.update(users).set({ dateOfBirth: ADULT_DOB }).where(eq(users.id, user.id)));
    const pan = freshPan();
    const boss = await admin();
    const claims = [];
    for (const prizePaise of [40_000, 20_000]) {
      const { quiz } = await winner({ prizePaise, user });
      const claim = await claimPrize(user, quiz.id, claimWith(pan));
      await approvePrizeClaim(boss, claim.id);
      claims.push(claim);
    }
    const paid = await Promise.all(claims.map((claim) => markPrizeClaimPaid(boss, claim.id, `UTR${randomBytes(6).toString("hex")}`)));
    expect(paid.reduce((sum, claim) => sum + claim.taxPaise, 0)).toBe(18_000);
  });
});

describe("a PAN belongs to one account", () => {
  it("a claim with a PAN another account used is held, with the reason on record and audited; approval waits for a release", async () => {
    const pan = freshPan();
    const first = await winner();
    expect((await call(claimRoute, { as: first.user, params: { quizId: first.quiz.id }, json: claimWith(pan) })).body).toMatchObject({ claim: { heldAt: null } });
    const second = await winner();
    const response = await call(claimRoute, { as: second.user, params: { quizId: second.quiz.id }, json: claimWith(pan.toLowerCase()) });
    const { status } = response;
    const body = response.body as { message: string; claim: PrizeClaimView };
    expect(status).toBe(200);
    expect(body.message).toMatch(/held for review/);
    expect(body.claim).toMatchObject({ status: "claimed", heldReason: PAN_HOLD_REASON });
    expect(body.claim.heldAt).not.toBeNull();
    // The claimant is not told whose PAN it is.
    expect(JSON.stringify(body)).not.toContain(first.user.email);
    expect(JSON.stringify(body)).not.toContain(first.user.id);

    const boss = await admin();
    const listed = (await listPrizeClaims(boss)).find((row) => row.id === body.claim.id);
    expect(listed).toMatchObject({ heldReason: PAN_HOLD_REASON, samePanAccounts: [{ email: first.user.email }] });
    const refused = await call(approveRoute, { as: boss, params: { claimId: body.claim.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/held for review.*Release it with a written reason/);

    const db = await getDb();
    const [hold] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, body.claim.id), eq(auditLog.action, "payout.hold")));
    expect(hold.actorId).toBe(second.user.id);
    expect(hold.after).toMatchObject({ heldReason: PAN_HOLD_REASON });

    expect((await call(releaseRoute, { as: second.user, params: { claimId: body.claim.id }, json: { reason: "It is mine, really, honestly." } })).status).toBe(403);
    expect((await call(releaseRoute, { as: boss, params: { claimId: body.claim.id }, json: { reason: "" } })).status).toBe(400);
    const released = await call(releaseRoute, { as: boss, params: { claimId: body.claim.id }, json: { reason: "Both accounts are the same person (checked by phone); the first is closed." } });
    expect(released.status).toBe(200);
    expect(released.body.claim).toMatchObject({ heldAt: null, heldReason: null });
    const [release] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, body.claim.id), eq(auditLog.action, "payout.release")));
    expect(release).toMatchObject({ actorId: boss.id, reason: "Both accounts are the same person (checked by phone); the first is closed." });
    expect((await call(releaseRoute, { as: boss, params: { claimId: body.claim.id }, json: { reason: "Released a second time, by mistake." } })).status).toBe(409);
    expect((await call(approveRoute, { as: boss, params: { claimId: body.claim.id } })).status).toBe(200);
  });

  it("an admin may reject a held claim with a reason instead: it is removed, audited, and the winner may claim again", async () => {
    const pan = freshPan();
    const first = await winner();
    await claimPrize(first.user, first.quiz.id, claimWith(pan));
    const second = await winner();
    const held = await claimPrize(second.user, second.quiz.id, claimWith(pan));
    const boss = await admin();
    const rejected = await call(rejectRoute, { as: boss, params: { claimId: held.id }, json: { reason: "The PAN is the other winner's; asked for the winner's own." } });
    expect(rejected.status).toBe(200);
    const db = await getDb();
    expect(await db.select().from(prizeClaims).where(eq(prizeClaims.id, held.id))).toHaveLength(0);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.subjectId, held.id), eq(auditLog.action, "payout.reject")));
    expect(audit.before).toMatchObject({ heldReason: PAN_HOLD_REASON, panMasked: maskPan(pan) });
    expect(JSON.stringify(audit)).not.toContain(pan);
    const again = await claimPrize(second.user, second.quiz.id, claimWith(freshPan()));
    expect(again.heldAt).toBeNull();
    // An unheld claim can be neither released nor rejected.
    expect((await call(rejectRoute, { as: boss, params: { claimId: again.id }, json: { reason: "Trying to reject a normal claim." } })).status).toBe(409);
  });

  it("the same participant reusing their own PAN is not held", async () => {
    const user = await participant();
    const pan = freshPan();
    const first = await winner({ user });
    const second = await winner({ user });
    expect((await claimPrize(user, first.quiz.id, claimWith(pan))).heldAt).toBeNull();
    expect((await claimPrize(user, second.quiz.id, claimWith(pan))).heldAt).toBeNull();
  });

  it("two accounts claiming with one PAN at the same moment: one of them is held", async () => {
    const pan = freshPan();
    const [a, b] = await Promise.all([winner(), winner()]);
    const claims = await Promise.all([claimPrize(a.user, a.quiz.id, claimWith(pan)), claimPrize(b.user, b.quiz.id, claimWith(pan))]);
    expect(claims.filter((claim) => claim.heldAt !== null)).toHaveLength(1);
  });

  it("stores a keyed hash of the PAN, the same for any spelling, and never the PAN", async () => {
    const pan = freshPan();
    const { quiz, user } = await winner();
    await claimPrize(user, quiz.id, claimWith(` ${pan.toLowerCase().slice(0, 5)} ${pan.slice(5)} `));
    const db = await getDb();
    const [row] = await db.select({ panHash: prizeClaims.panHash }).from(prizeClaims).where(eq(prizeClaims.quizId, quiz.id));
    expect(row.panHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.panHash).not.toBe(createHash("sha256").update(pan).digest("hex"));
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
    const pan = freshPan();
    const claim = await claimPrize(user, quiz.id, claimWith(pan));
    expect((await call(paidRoute, { as: boss, params: { claimId: claim.id }, json: { bankReference: "UTR000111" } })).status).toBe(409);
    expect((await call(approveRoute, { as: user, params: { claimId: claim.id } })).status).toBe(403);
    expect((await call(approveRoute, { as: boss, params: { claimId: claim.id } })).status).toBe(200);
    expect((await call(approveRoute, { as: boss, params: { claimId: claim.id } })).status).toBe(409);
    const listed = (await listPrizeClaims(boss)).find((row) => row.id === claim.id);
    expect(listed).toMatchObject({ status: "approved", panMasked: maskPan(pan), accountMasked: "SBIN0001234 ••••9012" });
    expect(JSON.stringify(listed)).not.toContain(pan);

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
    const bytes = Buffer.from(await statement.response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // Without deductor details configured, the statement says so rather than inventing them.
    const texts = pdfTexts(bytes);
    expect(texts.filter((text) => text === "not configured")).toHaveLength(3);
    expect(texts).toEqual(expect.arrayContaining(["Financial year", financialYearOf(new Date()).label, "Section", "194BA", "Rs. 3,000.00", "Rs. 7,000.01", "Rs. 10,000.01"]));
    const stranger = await participant();
    expect((await call(statementRoute, { as: stranger, params: { quizId: quiz.id } })).status).toBe(404);

    const quarter = financialQuarterOf(new Date()).label;
    const query = new URLSearchParams({ quarter });
    const csv = await call(taxRoute, { as: boss, url: `/api/prize-claims/tax?${query}` });
    expect(csv.status).toBe(200);
    expect(csv.response.headers.get("content-disposition")).toBe(`attachment; filename="tax-withheld-${quarter.replace(" ", "-")}.csv"`);
    const [header, ...lines] = (await csv.response.text()).trimEnd().split("\r\n");
    expect(header).toBe(
      '"Quarter","Deductee PAN","Deductee name","Section","Date of payment/credit","Amount paid/credited (₹)","Tax withheld (₹)","Rate (%)","Tax basis","Financial year","Net paid (₹)","Email","Quiz","Claim id","Bank reference"',
    );
    const mine = lines.find((line) => line.includes(claim.id));
    const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());
    expect(mine).toContain(`"${quarter}","${pan}","${user.name}","194BA","${today}","10000.01","3000.00","30.00","net winnings","${financialYearOf(new Date()).label}","7000.01"`);
    expect(mine).toContain(reference);
    const [exported] = await db.select().from(auditLog).where(and(eq(auditLog.action, "payout.taxExport"), eq(auditLog.subjectId, quarter))).limit(1);
    expect(exported.actorId).toBe(boss.id);
    expect((await call(taxRoute, { as: user, url: `/api/prize-claims/tax?${query}` })).status).toBe(403);
    // Calendar quarters are no longer accepted: a November payout is in Q3 of the financial year, not 2026-Q4.
    expect((await call(taxRoute, { as: boss, url: "/api/prize-claims/tax?quarter=2026-Q4" })).status).toBe(400);
  });

  it("the statement names the deductor from configuration, the section, the financial year and the amounts", async () => {
    Object.assign(config.payouts, { deductor: { name: "Olympiad Learning Pvt Ltd", address: "12 MG Road, Bengaluru, Karnataka 560001", tan: "BLRA12345B" } });
    const user = await participant();
    await getDb().then((db) => db.update(users).set({ dateOfBirth: ADULT_DOB }).where(eq(users.id, user.id)));
    await paidFee(user, 10_000);
    const { quiz } = await paidPrize(user, 40_000, freshPan());
    const statement = await call(statementRoute, { as: user, params: { quizId: quiz.id } });
    const texts = pdfTexts(Buffer.from(await statement.response.arrayBuffer()));
    expect(texts).toEqual(expect.arrayContaining(["Deductor", "Olympiad Learning Pvt Ltd", "12 MG Road, Bengaluru, Karnataka 560001", "BLRA12345B", "194BA", financialYearOf(new Date()).label, "Rs. 400.00", "Rs. 90.00", "Rs. 310.00", "Tax withheld (30.00 % of net winnings)"]));
    expect(texts).not.toContain("not configured");
  });

  it("is not paid when the winner was disqualified after claiming", async () => {
    const { quiz, user } = await winner();
    const boss = await admin();
    const claim = await claimPrize(user, quiz.id, claimWith(freshPan()));
    await approvePrizeClaim(boss, claim.id);
    const db = await getDb();
    await db.update(attempts).set({ disqualifiedAt: new Date(), disqualificationReason: "Found later." }).where(and(eq(attempts.quizId, quiz.id), eq(attempts.participantId, user.id)));
    await expect(markPrizeClaimPaid(boss, claim.id, `UTR${randomBytes(4).toString("hex")}`)).rejects.toThrow(/disqualified/);
    expect(await db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.quizId, quiz.id)))).toHaveLength(0);
  });
});
