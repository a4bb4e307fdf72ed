import { describe, expect, it, vi } from "vitest";

/**
 * Issue 52: a free pass is entry credit, not cash. On a database of this file's own, like the
 * books' tests: the ledger check after each scenario sees every row.
 */
const own = await vi.hoisted(async () => (await import("../support/own-database")).ownDatabase());

import { and, eq, sql } from "drizzle-orm";
import { POST as addQuiz } from "@/app/api/addquizes/route";
import { POST as freePassRoute } from "@/app/api/prizes/[quizId]/free-pass/route";
import { transactions, users } from "@/db/schema";
import { SYSTEM } from "@/lib/auth";
import { checkLedger, type LedgerCheck } from "@/lib/books";
import { catalogued, CERTIFICATES_WITH_FREE_PASS } from "@/lib/catalogue";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { Invalid } from "@/lib/errors";
import { paymentStates } from "@/lib/payments";
import { createQuiz } from "@/lib/quizzes";
import { requestWithdrawal, walletSummary } from "@/lib/wallet";
import { asBody, cashQuizInput } from "../support/factories";
import { call } from "../support/http";
import { seededBeforeAndDroppedAfter } from "../support/own-database";
import { asOwner } from "../support/owner";
import { admin } from "../support/users";
import { freePassWinner } from "../support/free-pass";
import { adult, balanceOf, openRegistration } from "../support/wallet";

seededBeforeAndDroppedAfter(own);

const useFreePass = (user: Awaited<ReturnType<typeof adult>>, wonQuizId: string, forQuizId: string) =>
  call(freePassRoute, { as: user, params: { quizId: wonQuizId }, json: { forQuizId } });

async function expectBooksBalance() {
  expect(await checkLedger(SYSTEM)).toMatchObject({ ok: true });
}

/** A use of the pass refused with `status`: nothing reaches the wallet, and the books still balance. */
async function expectRefusedUse(user: Awaited<ReturnType<typeof adult>>, wonQuizId: string, forQuizId: string | undefined, status: number) {
  expect(await call(freePassRoute, { as: user, params: { quizId: wonQuizId }, json: forQuizId === undefined ? {} : { forQuizId } })).toMatchObject({ status });
  expect(await balanceOf(user.id)).toBe(0);
  await expectBooksBalance();
}

describe("a free pass", () => {
  it("is shown apart from the wallet, adds nothing withdrawable, and cannot be withdrawn", async () => {
    const { won, later, user } = await freePassWinner();
    const before = await walletSummary(user, user.id, "http://localhost:3000");
    expect(before).toMatchObject({ balancePaise: 0, availablePaise: 0, freePasses: [{ quizId: won.id }] });

    const used = await useFreePass(user, won.id, later.id);
    expect(used.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await walletSummary(user, user.id, "http://localhost:3000")).toMatchObject({ balancePaise: 0, availablePaise: 0, freePasses: [] });
    await expect(requestWithdrawal(user, { amountPaise: later.entryFeePaise, bankName: "Bank", upiId: "winner@bank" })).rejects.toBeInstanceOf(Invalid);
    await expect(requestWithdrawal(user, { amountPaise: config.competition.entryFeePaise, bankName: "Bank", upiId: "winner@bank" })).rejects.toBeInstanceOf(Invalid);
    await expectBooksBalance();
  });

  it("pays exactly the later quiz's own fee, booked as a prize in kind, once", async () => {
    const { won, later, user } = await freePassWinner({ laterFeePaise: 12_300 });
    const used = await useFreePass(user, won.id, later.id);
    expect(used.status).toBe(200);

    const db = await getDb();
    const fees = await db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.type, "form pay")));
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ quizId: later.id, amountPaise: 12_300, status: "verified" });
    expect((await paymentStates(db, user.id)).get(later.id)).toBe("verified");
    const lines = await db.execute<{ account: string; amount_paise: string }>(
      sql`select l.account, l.amount_paise from journal_lines l join journal_entries e on e.id = l.entry_id where e.transaction_id = ${fees[0].id} order by l.line`,
    );
    expect(lines.rows.map((line) => [line.account, Number(line.amount_paise)])).toEqual([["prizes", 12_300], ["entry_fees", -12_300]]);
    expect(await db.select().from(transactions).where(and(eq(transactions.userId, user.id), eq(transactions.type, "credit")))).toHaveLength(0);

    // The pass is spent: neither this quiz nor another takes it again.
    const another = await openRegistration({ contestModel: "paid_certificates", prizeMoneyPaise: 0, entryFeePaise: 40_000 });
    await expectRefusedUse(user, won.id, another.id, 409);
  });

  it("is refused without the quiz it pays for, and for a quiz that takes no fee", async () => {
    const { won, user } = await freePassWinner();
    await expectRefusedUse(user, won.id, undefined, 400);
    const free = await openRegistration({ contestModel: "free_entry", prizeMoneyPaise: 0, entryFeePaise: 0 });
    await expectRefusedUse(user, won.id, free.id, 409);
  });

  it("leaves the ledger check failing when an entry fee says a free pass paid it but no pass did", async () => {
    const { later, user } = await freePassWinner();
    const undo = new Error("rolled back on purpose");
    let check: LedgerCheck | undefined;
    await expect(
      asOwner(async (tx) => {
        await tx.insert(transactions).values({ userId: user.id, quizId: later.id, type: "form pay", mode: "wallet", status: "verified", amountPaise: later.entryFeePaise, reason: "freePassEntry", reviewedAt: new Date() });
        check = await checkLedger(SYSTEM, tx);
        throw undo;
      }, own.ownerUrl),
    ).rejects.toBe(undo);
    expect(check).toMatchObject({ ok: false, check: "every receipt has its bank line or its audited verifier, every wallet credit its cause" });
    expect(check).toMatchObject({ discrepancy: expect.stringContaining("said to be paid by a free pass, but no redemption") });
  });
});

describe("a certificates-only quiz", () => {
  it("refuses free-pass prizes: paid entry carries no prize with a cash value", async () => {
    const boss = await admin();
    const input = cashQuizInput({ contestModel: "paid_certificates", prizeMoney: 0, prizes: [{ rankFrom: 1, rankTo: 10, kind: "free_pass" }] });
    expect(await call(addQuiz, { as: boss, json: asBody(input) })).toMatchObject({ status: 400, body: { message: CERTIFICATES_WITH_FREE_PASS } });
    await expect(createQuiz(boss, input)).rejects.toThrow(new Invalid(catalogued(CERTIFICATES_WITH_FREE_PASS)));
    const db = await getDb();
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, boss.id))).toHaveLength(1);
    await expectBooksBalance();
  });
});
