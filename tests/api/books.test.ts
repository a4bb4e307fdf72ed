import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";

/**
 * The books (issue 32) on a database of this file's own, migrated and seeded like a fresh
 * install: the ledger check sees every row, so the run's shared database (where other files put
 * whatever their tests need) would not do.
 */
const own = await vi.hoisted(async () => {
  const { inject } = await import("vitest");
  const { createDatabase } = await import("../support/test-server");
  const adminUrl = inject("adminDatabaseUrl");
  const database = await createDatabase(adminUrl);
  // lib/config reads this once, on first import: the static imports below come after.
  process.env.DATABASE_URL = database.url;
  return { adminUrl, ...database };
});

import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { POST as taxDepositRoute } from "@/app/api/books/tax-deposits/route";
import { GET as trialBalanceRoute } from "@/app/api/books/trial-balance/route";
import { auditLog, journalEntries, resultRows, taxDeposits, transactions, users } from "@/db/schema";
import { SYSTEM, VISITOR } from "@/lib/auth";
import { checkLedger, financialQuarter, indiaDay, recordTaxDeposit, trialBalance, type LedgerCheck } from "@/lib/books";
import { config } from "@/lib/config";
import { closeDatabase, getDb, openDatabase, type DatabaseTransaction } from "@/lib/db";
import { Forbidden, Unauthenticated } from "@/lib/errors";
import { payEntryFeeFromWallet, refundPayment, reviewTransaction, submitEntryFee } from "@/lib/payments";
import { approvePrizeClaim, claimPrize, markPrizeClaimPaid } from "@/lib/payouts";
import { publishResults } from "@/lib/results";
import { prepareDatabase } from "@/lib/seed";
import { requestTopUp, requestWithdrawal } from "@/lib/wallet";
import { call } from "../support/http";
import { asOwner } from "../support/owner";
import { seededQuiz, settleKey } from "../support/results";
import { dropDatabase } from "../support/test-server";
import { admin, ADULT_DOB, participant } from "../support/users";
import { adult, balanceOf, fundWallet, openRegistration, receivedOnStatement, uploadProof } from "../support/wallet";

const ROOT = path.resolve(import.meta.dirname, "../..");
const KEY = randomBytes(32).toString("base64");

beforeAll(async () => {
  const connection = openDatabase(own.ownerUrl, 2);
  await prepareDatabase(connection.pool);
  await connection.close();
  config.payouts.encryptionKey = KEY;
});

afterAll(async () => {
  await closeDatabase();
  await dropDatabase(inject("adminDatabaseUrl"), own.name);
});

const utr = () => String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));

function failed(result: LedgerCheck) {
  if (result.ok) throw new Error("expected the ledger check to fail");
  return result;
}

/** `npm run ledger:check` itself, on this file's database. */
async function ledgerCheckScript(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/ledger-check.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: own.url },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, output: failure.stdout + failure.stderr };
  }
}

/** Changes rows as someone with the owner's password would, past the app and its triggers, inside a transaction that is rolled back. */
async function behindTheAppsBack(change: (tx: DatabaseTransaction) => Promise<void>): Promise<LedgerCheck> {
  let result: LedgerCheck | undefined;
  const undo = new Error("rolled back on purpose");
  await expect(
    asOwner(async (tx) => {
      await change(tx);
      result = await checkLedger(SYSTEM, tx);
      throw undo;
    }, own.ownerUrl),
  ).rejects.toBe(undo);
  return result!;
}

describe("the ledger check", () => {
  it("passes on a freshly seeded database", async () => {
    expect(await checkLedger(SYSTEM)).toEqual({
      ok: true,
      totals: { entries: 0, bankPaise: 0, walletsPaise: 0, prizeLiabilityPaise: 0, prizeRecoverablePaise: 0, taxPayablePaise: 0 },
      receiptsNotOnBankLine: { count: 0, paise: 0 },
    });
  });

  it("is for admins and the system only", async () => {
    await expect(checkLedger(VISITOR)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(checkLedger(await participant())).rejects.toBeInstanceOf(Forbidden);
    expect((await checkLedger(await admin())).ok).toBe(true);
  });

  it("passes after every kind of money movement, and the journal says where the money is", async () => {
    const reviewer = await admin();
    const referrer = await adult();
    const db = await getDb();
    const [{ code }] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, referrer.id));
    const payer = await adult({ referredBy: code });
    const upiPayer = await adult();

    // A top-up verified, an entry fee from the wallet (its referral reward follows), an entry fee by UPI.
    await fundWallet(payer, reviewer, 100_000);
    const quiz = await openRegistration({ entryFeePaise: 10_000 });
    await payEntryFeeFromWallet(payer, quiz.id);
    const upiFee = await submitEntryFee(upiPayer, { quizId: quiz.id, proofUploadId: await uploadProof(upiPayer), payeeName: upiPayer.name, paymentReference: utr() });
    await reviewTransaction(reviewer, upiFee.id, "verified");
    // A withdrawal verified.
    const withdrawal = await requestWithdrawal(payer, { amountPaise: 20_000, bankName: payer.name, upiId: "payer@okaxis" });
    await reviewTransaction(reviewer, withdrawal.id, "verified");

    // Results with cash prizes, one of them claimed and paid with tax withheld, part of the tax deposited.
    const seeded = await seededQuiz();
    await publishResults(reviewer, seeded.quiz.id, await settleKey(seeded.quiz));
    const prizes = await db.select().from(resultRows).where(eq(resultRows.quizId, seeded.quiz.id));
    const published = prizes.reduce((sum, row) => sum + row.prizePaise, 0);
    expect(published).toBeGreaterThan(0);
    const winnerRow = prizes.find((row) => row.prizePaise > 0)!;
    const winner = Object.values(seeded.people).find((person) => person.id === winnerRow.participantId)!;
    await db.update(users).set({ dateOfBirth: ADULT_DOB }).where(eq(users.id, winner.id));
    const claim = await claimPrize(winner, seeded.quiz.id, { method: "upi", pan: "ABCDE1234F", upiId: "winner@okaxis" });
    await approvePrizeClaim(reviewer, claim.id);
    await markPrizeClaimPaid(reviewer, claim.id, `UTIB${randomBytes(6).toString("hex")}`);
    expect(claim.taxPaise).toBeGreaterThan(0);
    const today = indiaDay(new Date());
    await recordTaxDeposit(reviewer, { amount: 100, challanReference: `0510308 ${randomBytes(3).toString("hex")}`, depositedOn: today, period: financialQuarter(today) });

    const result = await checkLedger(SYSTEM);
    const reward = config.competition.referralRewardPaise;
    expect(result).toEqual({
      ok: true,
      totals: {
        entries: 7 + (reward > 0 ? 1 : 0) + prizes.filter((row) => row.prizePaise > 0).length,
        // In: the top-up and the UPI fee; out: the withdrawal, the net prize and the deposit.
        bankPaise: 100_000 + 10_000 - 20_000 - claim.netPaise - 10_000,
        walletsPaise: (await balanceOf(payer.id)) + (await balanceOf(referrer.id)),
        prizeLiabilityPaise: published - claim.grossPaise,
        prizeRecoverablePaise: 0,
        taxPayablePaise: claim.taxPaise - 10_000,
      },
      // The top-up and the UPI fee were verified with no bank statement reconciled: a figure, not a discrepancy.
      receiptsNotOnBankLine: { count: 2, paise: 100_000 + 10_000 },
    });
    expect(await balanceOf(payer.id)).toBe(100_000 - 10_000 - 20_000);
    expect(reward).toBeGreaterThan(0);
    expect(await balanceOf(referrer.id)).toBe(reward);
  });

  it("fails naming the transaction whose amount was changed behind the app's back", async () => {
    const payer = await adult();
    const topUp = await fundWallet(payer, await admin(), 50_000);
    const result = failed(
      await behindTheAppsBack(async (tx) => {
        await tx.execute(sql`alter table transactions disable trigger transactions_verified_is_final`);
        await tx.execute(sql`update transactions set amount_paise = 60000 where id = ${topUp.id}`);
        await tx.execute(sql`alter table transactions enable trigger transactions_verified_is_final`);
      }),
    );
    expect(result.subject).toBe(`transaction ${topUp.id}`);
    expect(result.check).toBe("every verified transaction has its entry, as the ledger row says now");
    expect(result.discrepancy).toContain("bank +₹500");
    expect(result.discrepancy).toContain("bank +₹600");
    expect((await checkLedger(SYSTEM)).ok).toBe(true);
  });

  it("fails naming the user whose wallet balance was edited directly", async () => {
    const payer = await adult();
    await fundWallet(payer, await admin(), 30_000);
    const result = failed(await behindTheAppsBack((tx) => tx.execute(sql`update users set wallet_balance_paise = wallet_balance_paise + 100000 where id = ${payer.id}`).then(() => undefined)));
    expect(result).toMatchObject({ check: "every wallet equals its account", subject: `user ${payer.id}` });
    expect(result.discrepancy).toContain("holds ₹1,300, but its account in the books says ₹300");
  });

  it("fails naming a ledger row verified with its journal posting switched off", async () => {
    const payer = await adult();
    const result = failed(
      await behindTheAppsBack(async (tx) => {
        await tx.execute(sql`alter table transactions disable trigger transactions_post_journal_on_insert`);
        const [row] = await tx.insert(transactions).values({ userId: payer.id, type: "credit", mode: "upi", status: "verified", amountPaise: 7_000, reason: "walletAddMoney", reviewedAt: new Date() }).returning();
        await tx.execute(sql`alter table transactions enable trigger transactions_post_journal_on_insert`);
        await tx.update(users).set({ walletBalancePaise: 7_000 }).where(eq(users.id, payer.id));
        expect(row.id).toBeTruthy();
      }),
    );
    expect(result.subject).toMatch(/^transaction /);
    expect(result.discrepancy).toMatch(/is verified but has no journal entry/);
  });

  it("fails naming a UTR that backs two received payments", async () => {
    const [first, second] = [await adult(), await adult()];
    const reference = utr();
    const result = failed(
      await behindTheAppsBack(async (tx) => {
        await tx.execute(sql`drop index transactions_one_received_payment_per_utr`);
        for (const payer of [first, second]) {
          await tx.insert(transactions).values({ userId: payer.id, type: "credit", mode: "upi", status: "verified", amountPaise: 5_000, reason: "walletAddMoney", paymentReference: reference, reviewedAt: new Date() });
          await tx.update(users).set({ walletBalancePaise: 5_000 }).where(eq(users.id, payer.id));
        }
      }),
    );
    expect(result).toMatchObject({ check: "one bank credit backs one payment", subject: `UTR ${reference}` });
  });

  it("names a credit minted with the app's own login: verified, on no bank line, decided by no admin, audited nowhere", async () => {
    // The review's insider: the app's database login writes a verified ₹50,000 top-up and the wallet balance to match.
    const payer = await adult();
    const someAdmin = await admin();
    const minted = async (reviewedById: string | null) => {
      const undo = new Error("rolled back on purpose");
      let found: { id: string; result: LedgerCheck } | undefined;
      await expect(
        (await getDb()).transaction(async (tx) => {
          const { rows } = await tx.execute<{ id: string }>(
            sql`insert into transactions (user_id, type, status, amount_paise, reason, reviewed_by_id) values (${payer.id}, 'credit', 'verified', 5000000, 'walletAddMoney', ${reviewedById}) returning id`,
          );
          await tx.execute(sql`update users set wallet_balance_paise = wallet_balance_paise + 5000000 where id = ${payer.id}`);
          found = { id: rows[0].id, result: await checkLedger(SYSTEM, tx) };
          throw undo;
        }),
      ).rejects.toBe(undo);
      return { id: found!.id, failure: failed(found!.result) };
    };

    const bare = await minted(null);
    expect(bare.failure).toMatchObject({ check: "every receipt has its bank line or its audited verifier, every wallet credit its cause", subject: `transaction ${bare.id}` });
    expect(bare.failure.discrepancy).toBe(`The transaction ${bare.id} (credit by upi, "walletAddMoney", ₹50,000, verified) counts as money received, but no bank statement line shows it and no admin decided it.`);
    // Naming a real admin as its verifier does not help: they have no audit entry verifying it.
    const named = await minted(someAdmin.id);
    expect(named.failure.subject).toBe(`transaction ${named.id}`);
    expect(named.failure.discrepancy).toContain(`user ${someAdmin.id}, named as deciding it, has no audit entry doing so`);
    expect((await checkLedger(SYSTEM)).ok).toBe(true);
  });

  it("names a referral reward no referral explains", async () => {
    const payer = await adult();
    const result = failed(
      await behindTheAppsBack(async (tx) => {
        await tx.insert(transactions).values({ userId: payer.id, type: "credit", mode: "wallet", status: "verified", amountPaise: 5_000, reason: "referralReward", reviewedAt: new Date() });
        await tx.update(users).set({ walletBalancePaise: 5_000 }).where(eq(users.id, payer.id));
      }),
    );
    expect(result.check).toBe("every receipt has its bank line or its audited verifier, every wallet credit its cause");
    expect(result.discrepancy).toMatch(/is a referral reward that no referral names\.$/);
  });

  it("names a refund, or a receipt, that counts more than its bank line shows", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    const quiz = await openRegistration({ entryFeePaise: 10_000 });
    const upiFee = await submitEntryFee(user, { quizId: quiz.id, proofUploadId: await uploadProof(user), payeeName: user.name, paymentReference: utr() });
    await receivedOnStatement(reviewer, upiFee);
    await fundWallet(user, reviewer, 10_000);
    await payEntryFeeFromWallet(user, quiz.id);
    const refund = await refundPayment(reviewer, upiFee.id, "Paid twice.");
    const topUp = await requestTopUp(user, { amountPaise: 20_000, payeeName: user.name, proofUploadId: await uploadProof(user), paymentReference: utr() });
    await receivedOnStatement(reviewer, topUp);
    await reviewTransaction(reviewer, topUp.id, "verified");
    expect((await checkLedger(SYSTEM)).ok).toBe(true);

    const db = await getDb();
    const lineOf = async (id: string) => (await db.select({ line: transactions.statementLineId }).from(transactions).where(eq(transactions.id, id)))[0].line!;
    const shrink = (id: string) =>
      behindTheAppsBack(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update statement_lines set amount_paise = 100 where id = ${await lineOf(id)}`);
      });
    const refunded = failed(await shrink(upiFee.id));
    expect(refunded).toMatchObject({ check: "no receipt or refund is more than its bank line", subject: `transaction ${refund.id}` });
    expect(refunded.discrepancy).toContain(`gives back more than payment ${upiFee.id}'s bank statement line ${await lineOf(upiFee.id)} (₹1) shows`);
    const received = failed(await shrink(topUp.id));
    expect(received).toMatchObject({ check: "no receipt or refund is more than its bank line", subject: `transaction ${topUp.id}` });
    expect(received.discrepancy).toContain(`counts as received more than its bank statement line ${await lineOf(topUp.id)} (₹1) shows`);
  });

  it("counts a receipt verified before its bank statement as not yet on a bank line, until a statement shows it", async () => {
    const [payer, reviewer] = [await adult(), await admin()];
    const unmatched = async () => {
      const result = await checkLedger(SYSTEM);
      if (!result.ok) throw new Error(result.discrepancy);
      return result.receiptsNotOnBankLine;
    };
    const before = await unmatched();
    const topUp = await requestTopUp(payer, { amountPaise: 12_300, payeeName: payer.name, proofUploadId: await uploadProof(payer), paymentReference: utr() });
    await reviewTransaction(reviewer, topUp.id, "verified");
    expect(await unmatched()).toEqual({ count: before.count + 1, paise: before.paise + 12_300 });
    await receivedOnStatement(reviewer, topUp);
    expect(await unmatched()).toEqual(before);
  });

  it("fails when prize liability or tax payable stop matching the prizes and deposits", async () => {
    const liability = failed(
      await behindTheAppsBack(async (tx) => {
        const [row] = await tx.select().from(resultRows).where(sql`${resultRows.prizePaise} > 0`).limit(1);
        await tx.execute(sql`alter table result_rows disable trigger result_rows_append_only`);
        await tx.update(resultRows).set({ prizePaise: row.prizePaise + 1 }).where(and(eq(resultRows.quizId, row.quizId), eq(resultRows.participantId, row.participantId)));
      }),
    );
    expect(liability).toMatchObject({ check: "prize liability equals published prizes not yet paid, prizes to recover equal what was paid above them" });
    expect(liability.subject).toMatch(/^result row /);

    const tax = failed(
      await behindTheAppsBack(async (tx) => {
        await tx.execute(sql`alter table tax_deposits disable trigger tax_deposits_post_journal`);
        await tx.insert(taxDeposits).values({ amountPaise: 1, challanReference: "UNPOSTED 1", depositedOn: indiaDay(new Date()), period: financialQuarter(indiaDay(new Date())) });
        await tx.execute(sql`alter table tax_deposits enable trigger tax_deposits_post_journal`);
      }),
    );
    expect(tax).toMatchObject({ check: "tax payable equals tax withheld less deposits" });
    expect(tax.discrepancy).toMatch(/challan UNPOSTED 1, ₹0.01\) has no journal entry/);
  });

  it("npm run ledger:check exits 0 with the totals, and 1 naming the row changed behind the app's back", async () => {
    const passing = await ledgerCheckScript();
    expect(passing.output).toMatch(/^Books balance: \d+ entries/m);
    expect(passing.output).toMatch(/^ {2}receipts not yet on a bank line: \d+ \(₹[\d,.]+\)/m);
    expect(passing.code).toBe(0);

    const payer = await adult();
    const topUp = await fundWallet(payer, await admin(), 40_000);
    const setAmount = (paise: number) =>
      asOwner(async (tx) => {
        await tx.execute(sql`alter table transactions disable trigger transactions_verified_is_final`);
        await tx.execute(sql`update transactions set amount_paise = ${paise} where id = ${topUp.id}`);
        await tx.execute(sql`alter table transactions enable trigger transactions_verified_is_final`);
      }, own.ownerUrl);
    await setAmount(45_000);
    try {
      const failing = await ledgerCheckScript();
      expect(failing.code).toBe(1);
      expect(failing.output).toContain(`transaction ${topUp.id}`);
      expect(failing.output).toMatch(/^The books do not balance/m);
    } finally {
      await setAmount(40_000);
    }
    expect((await ledgerCheckScript()).code).toBe(0);
  }, 60_000);
});

describe("the trial balance", () => {
  it("sums to zero: openings and closings net out, debits equal credits", async () => {
    const balance = await trialBalance(await admin(), {});
    expect(balance.totals.openingPaise).toBe(0);
    expect(balance.totals.closingPaise).toBe(0);
    expect(balance.totals.debitsPaise).toBe(balance.totals.creditsPaise);
    expect(balance.totals.debitsPaise).toBeGreaterThan(0);
    expect(balance.lines.map((line) => line.account)).toEqual(["bank", "wallets", "entry_fees", "refunds", "referral_rewards", "prizes", "prize_liability", "prize_recoverable", "tax_payable", "gateway_clearing", "gateway_fees", "suspense"]);
    for (const line of balance.lines) expect(line.closingPaise).toBe(line.openingPaise + line.debitsPaise - line.creditsPaise);
  });

  it("moves what happened before the range into the opening balances", async () => {
    // The day after the last posting: results published at the end of an objection window are
    // posted a day ahead, which is tomorrow in India for part of the day.
    const [{ lastPostedAt }] = await (await getDb()).select({ lastPostedAt: sql<Date>`max(${journalEntries.postedAt})` }).from(journalEntries);
    const lastDay = new Date(Math.max(Date.now(), new Date(lastPostedAt).getTime()));
    const dayAfter = indiaDay(new Date(lastDay.getTime() + 86_400_000));
    const later = await trialBalance(await admin(), { from: dayAfter, to: dayAfter });
    const now = await trialBalance(await admin(), { to: indiaDay(lastDay) });
    expect(later.lines.map((line) => line.openingPaise)).toEqual(now.lines.map((line) => line.closingPaise));
    expect(later.totals).toEqual({ openingPaise: 0, debitsPaise: 0, creditsPaise: 0, closingPaise: 0 });
  });

  it("downloads as CSV for admins only, spreadsheet-safe, with a total row of zero", async () => {
    const url = "/api/books/trial-balance?from=2026-04-01&to=2099-03-31";
    expect((await call(trialBalanceRoute, { url })).status).toBe(401);
    expect((await call(trialBalanceRoute, { url, as: await participant() })).status).toBe(403);
    const { status, response } = await call(trialBalanceRoute, { url, as: await admin() });
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toContain('filename="trial-balance-2026-04-01-to-2099-03-31.csv"');
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toMatch(/^Account,Name,/);
    expect(lines.at(-1)).toMatch(/^total,Total,0\.00,(\d+\.\d\d),\1,0\.00$/);
    expect(lines.find((line) => line.startsWith("wallets,"))).toBeTruthy();
  });

  it("refuses a range that ends before it starts, or dates that are not dates", async () => {
    const as = await admin();
    expect((await call(trialBalanceRoute, { url: "/api/books/trial-balance?from=2026-12-01&to=2026-11-01", as })).status).toBe(400);
    expect((await call(trialBalanceRoute, { url: "/api/books/trial-balance?from=2026-02-30", as })).status).toBe(400);
  });
});

describe("tax deposits", () => {
  const today = () => indiaDay(new Date());
  const deposit = (overrides: Record<string, unknown> = {}) => ({ amount: "1", challanReference: `0510308 ${randomBytes(4).toString("hex")}`, depositedOn: today(), period: financialQuarter(today()), ...overrides });

  it("are recorded by admins only, audited, and lower tax payable", async () => {
    expect((await call(taxDepositRoute, { json: deposit() })).status).toBe(401);
    expect((await call(taxDepositRoute, { json: deposit(), as: await participant() })).status).toBe(403);
    const as = await admin();
    const before = (await trialBalance(as, {})).taxPayablePaise;
    const json = deposit({ challanReference: ` 0510308 ${randomBytes(4).toString("hex")} ` });
    const { status, body } = await call(taxDepositRoute, { json, as });
    expect(status).toBe(200);
    expect(body.message).toBe("Tax deposit of ₹1 recorded.");
    expect((await trialBalance(as, {})).taxPayablePaise).toBe(before - 100);
    const db = await getDb();
    const id = (body.deposit as { id: string }).id;
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, "tax.deposit"), eq(auditLog.subjectId, id)));
    expect(audit).toMatchObject({ actorId: as.id, subjectType: "tax_deposit", after: { amountPaise: 100, challanReference: json.challanReference.replace(/[\s-]/g, "").toUpperCase() } });
    expect((await checkLedger(SYSTEM)).ok).toBe(true);
  });

  it("never more than the tax payable, nor a challan twice (409), in Hindi too", async () => {
    const as = await admin();
    const payable = (await trialBalance(as, {})).taxPayablePaise;
    const tooLarge = await call(taxDepositRoute, { json: deposit({ amount: String((payable + 1) / 100) }), as });
    expect(tooLarge.status).toBe(409);
    expect(tooLarge.body.message).toMatch(/is more than the tax payable/);
    const json = deposit();
    expect((await call(taxDepositRoute, { json, as })).status).toBe(200);
    const again = await call(taxDepositRoute, { json: { ...json, challanReference: json.challanReference.toLowerCase() }, as, headers: { cookie: "NEXT_LOCALE=hi" } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("यह चालान संदर्भ पहले ही दर्ज है।");
  });

  it("refuses a bad period, a date in the future, a bad amount or challan (400)", async () => {
    const as = await admin();
    for (const json of [
      deposit({ period: "2026-Q3" }),
      deposit({ period: "FY2026-28 Q3" }),
      deposit({ period: "FY2026-27 Q5" }),
      deposit({ depositedOn: indiaDay(new Date(Date.now() + 2 * 86_400_000)) }),
      deposit({ depositedOn: "2026-02-30" }),
      deposit({ amount: "0" }),
      deposit({ amount: "1.001" }),
      deposit({ challanReference: "=1+2" }),
      deposit({ challanReference: "ab" }),
    ]) {
      const { status } = await call(taxDepositRoute, { json, as });
      expect({ json, status }).toEqual({ json, status: 400 });
    }
  });

  it("refuses a period not begun yet or ended before tax was first withheld, and a deposit dated before it (400), in Hindi too", async () => {
    const as = await admin();
    const future = await call(taxDepositRoute, { json: deposit({ period: "FY2099-00 Q1" }), as });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe("The period FY2099-00 Q1 has not begun yet.");
    const early = await call(taxDepositRoute, { json: deposit({ period: "FY2000-01 Q1" }), as });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/^The period FY2000-01 Q1 ended before tax was first withheld from a prize \(.+\): it has no tax to deposit\.$/);
    const dated = await call(taxDepositRoute, { json: deposit({ depositedOn: "2001-01-01" }), as, headers: { cookie: "NEXT_LOCALE=hi" } });
    expect(dated.status).toBe(400);
    expect(dated.body.message).toMatch(/^जमा की तारीख़ किसी पुरस्कार से पहली बार कर काटे जाने \(.+\) से पहले की नहीं हो सकती।$/);
    expect((await call(taxDepositRoute, { json: deposit({ period: "FY2099-00 Q1" }), as, headers: { cookie: "NEXT_LOCALE=hi" } })).body.message).toBe("अवधि FY2099-00 Q1 अभी शुरू नहीं हुई है।");
  });

  it("takes a challan in lower case or with spaces or hyphens as the same challan, also one recorded before references were written one way", async () => {
    const as = await admin();
    const serial = randomBytes(4).toString("hex").toUpperCase();
    const first = await call(taxDepositRoute, { json: deposit({ challanReference: `ch 0002 ${serial}` }), as });
    expect(first.status).toBe(200);
    expect((first.body.deposit as { challanReference: string }).challanReference).toBe(`CH0002${serial}`);
    for (const again of [`CH0002${serial}`, `CH-0002-${serial}`, `C H 0002 ${serial.toLowerCase()}`]) {
      const { status } = await call(taxDepositRoute, { json: deposit({ challanReference: again }), as });
      expect({ again, status }).toEqual({ again, status: 409 });
    }
    const db = await getDb();
    await db.insert(taxDeposits).values({ amountPaise: 1, challanReference: `CH 0003-${serial}`, depositedOn: today(), period: financialQuarter(today()) });
    expect((await call(taxDepositRoute, { json: deposit({ challanReference: `CH0003${serial}` }), as })).status).toBe(409);
    expect((await checkLedger(SYSTEM)).ok).toBe(true);
  });

  it("labels financial-year quarters as the quarterly return does", () => {
    expect(financialQuarter("2026-11-27")).toBe("FY2026-27 Q3");
    expect(financialQuarter("2027-03-31")).toBe("FY2026-27 Q4");
    expect(financialQuarter("2026-04-01")).toBe("FY2026-27 Q1");
    expect(financialQuarter("2099-09-30")).toBe("FY2099-00 Q2");
  });
});
