import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { notifications, transactions, users } from "@/db/schema";
import { VISITOR } from "@/lib/auth";
import { closeDatabase, getDb, violatedConstraint } from "@/lib/db";
import { publicOrigin } from "@/lib/http";
import { Forbidden, Invalid, NotFound, Unauthenticated } from "@/lib/errors";
import { catalogued, WITHDRAWAL_TOO_LARGE } from "@/lib/catalogue";
import { reviewTransaction } from "@/lib/payments";
import { settled } from "@/tests/support/race";
import { admin } from "@/tests/support/users";
import { adult, balanceOf, countRows, fundWallet, uploadProof } from "@/tests/support/wallet";
import { changeBalance, listTransactions, lockWallet, requestTopUp, requestWithdrawal, spendablePaise, TRANSACTIONS_PAGE_SIZE, walletSummary, type LockedWallet } from "./index";
import { REASONS } from "./schemas";

afterAll(closeDatabase);

const ORIGIN = "http://localhost:3000";
const withdraw = (user: Parameters<typeof requestWithdrawal>[0], amountPaise: number) => requestWithdrawal(user, { amountPaise, bankName: "SBI", upiId: "kavya@oksbi" });

describe("the wallet door", () => {
  it("refuses a visitor every wallet service with Unauthenticated and writes nothing", async () => {
    const owner = await adult();
    const proofUploadId = await uploadProof(owner);
    const refusals = [
      requestTopUp(VISITOR, { amountPaise: 1_000, payeeName: "visitor", proofUploadId }),
      withdraw(VISITOR, 1_000),
      listTransactions(VISITOR, owner.id, 1),
      walletSummary(VISITOR, owner.id, ORIGIN),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toThrow(Unauthenticated);
    expect(await countRows(transactions, eq(transactions.proofUploadId, proofUploadId))).toBe(0);
    expect(await countRows(transactions, eq(transactions.userId, owner.id))).toBe(0);
  });

  it("lets each user read only their own wallet: wallet.read is 'own' for admins too", async () => {
    const [alice, bob, boss] = [await adult(), await adult(), await admin()];
    await fundWallet(bob, boss, 7_000);
    for (const reader of [alice, boss]) {
      await expect(listTransactions(reader, bob.id, 1)).rejects.toThrow(new Forbidden(catalogued("You can see only your own wallet.")));
      await expect(walletSummary(reader, bob.id, ORIGIN)).rejects.toThrow(Forbidden);
    }
    expect((await listTransactions(bob, bob.id, 1)).rows).toEqual([expect.objectContaining({ type: "credit", amountPaise: 7_000, status: "verified" })]);
    expect((await listTransactions(alice, alice.id, 1)).total).toBe(0);
  });
});

describe("top-ups", () => {
  it("wait for an admin: pending, nothing credited, and every admin told the amount", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    const topUp = await requestTopUp(user, { amountPaise: 12_345, payeeName: "Kavya M", proofUploadId: await uploadProof(user), paymentReference: "UPI-9" });
    expect(topUp).toMatchObject({ userId: user.id, type: "credit", mode: "upi", status: "pending", amountPaise: 12_345, reason: REASONS.topUp, paymentReference: "UPI-9" });
    expect(await walletSummary(user, user.id, ORIGIN)).toMatchObject({ balancePaise: 0, availablePaise: 0 });
    const told = await countRows(notifications, and(eq(notifications.userId, reviewer.id), eq(notifications.title, "Wallet top-up to verify"), eq(notifications.body, `${user.name} added ₹123.45.`)));
    expect(told).toBe(1);
  });

  it("refuse a proof the payer did not upload, and write nothing", async () => {
    const [user, other] = [await adult(), await adult()];
    await expect(requestTopUp(user, { amountPaise: 1_000, payeeName: "K", proofUploadId: await uploadProof(other) })).rejects.toThrow(Invalid);
    expect(await countRows(transactions, eq(transactions.userId, user.id))).toBe(0);
  });
});

describe("withdrawals", () => {
  it("never exceed the balance less withdrawals still waiting", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    await fundWallet(user, reviewer, 30_000);
    await withdraw(user, 20_000);
    await expect(withdraw(user, 20_000)).rejects.toThrow(new Invalid(catalogued(WITHDRAWAL_TOO_LARGE)));
    await withdraw(user, 10_000);
    await expect(withdraw(user, 1)).rejects.toThrow(WITHDRAWAL_TOO_LARGE);
    expect(await walletSummary(user, user.id, ORIGIN)).toMatchObject({ balancePaise: 30_000, pendingWithdrawalsPaise: 30_000, availablePaise: 0 });
    expect(await balanceOf(user.id)).toBe(30_000);
  });

  it("accept only one of two concurrent requests for the whole balance", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    await fundWallet(user, reviewer, 30_000);
    const raced = await settled([withdraw(user, 30_000), withdraw(user, 30_000)]);
    expect(raced.values).toHaveLength(1);
    expect(raced.errors).toEqual([new Invalid(catalogued(WITHDRAWAL_TOO_LARGE))]);
    expect(await countRows(transactions, and(eq(transactions.userId, user.id), eq(transactions.type, "debit")))).toBe(1);
  });

  it("free their reservation when an admin rejects them", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    await fundWallet(user, reviewer, 30_000);
    const first = await withdraw(user, 30_000);
    expect(first).toMatchObject({ type: "debit", status: "pending", reason: REASONS.withdrawal, payeeName: "SBI", upiId: "kavya@oksbi" });
    await reviewTransaction(reviewer, first.id, "rejected");
    expect(await walletSummary(user, user.id, ORIGIN)).toMatchObject({ pendingWithdrawalsPaise: 0, availablePaise: 30_000 });
    await withdraw(user, 30_000);
  });
});

describe("history and summary", () => {
  it("pages the history newest first, five to a page unless asked otherwise", async () => {
    const user = await adult();
    // A screenshot proves one payment: each top-up has its own.
    for (let rupees = 1; rupees <= 7; rupees++) await requestTopUp(user, { amountPaise: rupees * 100, payeeName: "K", proofUploadId: await uploadProof(user) });

    const first = await listTransactions(user, user.id, 1);
    expect(TRANSACTIONS_PAGE_SIZE).toBe(5);
    expect(first.rows.map((row) => row.amountPaise)).toEqual([700, 600, 500, 400, 300]);
    expect(first).toMatchObject({ total: 7, page: 1, pageCount: 2 });
    expect((await listTransactions(user, user.id, 2)).rows.map((row) => row.amountPaise)).toEqual([200, 100]);
    expect(await listTransactions(user, user.id, 3, 3)).toMatchObject({ pageCount: 3, rows: [expect.objectContaining({ amountPaise: 100 })] });
  });

  it("gives the balance, what is spendable, and the user's own referral link", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    await fundWallet(user, reviewer, 9_000);
    await withdraw(user, 2_500);
    const db = await getDb();
    const [{ referralCode }] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, user.id));
    expect(await walletSummary(user, user.id, "https://olympiad.example.org")).toEqual({
      balancePaise: 9_000,
      pendingWithdrawalsPaise: 2_500,
      availablePaise: 6_500,
      freePasses: [],
      referralCode,
      referralLink: `https://olympiad.example.org/login/referral/${referralCode}`,
    });
  });

  it("builds the referral link on APP_URL when it is set, else on the host the wallet was opened at: never localhost for a phone on the network", async () => {
    const user = await adult();
    const request = new Headers({ host: "192.168.1.20:3000" });
    const linkFor = async (publicUrl: string | undefined) =>
      (await walletSummary(user, user.id, publicOrigin(request, { publicUrl, trustedProxyHops: 0, appUrl: "http://localhost:3000" }))).referralLink;
    const { referralCode } = await walletSummary(user, user.id, ORIGIN);
    expect(await linkFor(undefined)).toBe(`http://192.168.1.20:3000/login/referral/${referralCode}`);
    expect(await linkFor("https://olympiad.example.org")).toBe(`https://olympiad.example.org/login/referral/${referralCode}`);
  });
});

describe("the ledger steps", () => {
  it("compute what is spendable on a locked wallet, and the database refuses a balance below zero", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    await fundWallet(user, reviewer, 5_000);
    await withdraw(user, 2_000);
    const db = await getDb();
    const seen: { wallet?: LockedWallet; spendable?: number } = {};
    const overdraw = await db
      .transaction(async (tx) => {
        seen.wallet = await lockWallet(tx, user.id);
        seen.spendable = await spendablePaise(tx, seen.wallet);
        await changeBalance(tx, user.id, -5_001);
      })
      .catch((error: unknown) => error);
    expect(seen).toEqual({ wallet: { id: user.id, balance: 5_000, dateOfBirth: "1990-01-01" }, spendable: 3_000 });
    expect(violatedConstraint(overdraw)).toBe("users_wallet_not_negative");
    expect(await balanceOf(user.id)).toBe(5_000);
  });

  it("refuse to lock the wallet of an account that does not exist", async () => {
    const db = await getDb();
    await expect(db.transaction((tx) => lockWallet(tx, "00000000-0000-4000-8000-000000000000"))).rejects.toThrow(NotFound);
  });
});
