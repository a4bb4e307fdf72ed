import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { transactions, users } from "@/db/schema";
import { SYSTEM, VISITOR } from "@/lib/auth";
import { closeDatabase, getDb } from "@/lib/db";
import { Forbidden, NotFound, Unauthenticated } from "@/lib/errors";
import { catalogued } from "@/lib/catalogue";
import { reviewTransaction } from "@/lib/payments";
import { requestWithdrawal } from "@/lib/wallet";
import { admin, participant, TEST_PASSWORD } from "@/tests/support/users";
import { adult, countRows, fundWallet } from "@/tests/support/wallet";
import { deleteAccount, deleteExpiredRecords, getProfile, loginWithPassword, referralStatus, searchUsers, updateProfile } from "./index";

afterAll(closeDatabase);

async function userRow(userId: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

describe("the accounts door", () => {
  it("refuses a visitor every member service with Unauthenticated and changes nothing", async () => {
    const owner = await participant();
    const before = await userRow(owner.id);
    const refusals = [
      getProfile(VISITOR, owner.id),
      updateProfile(VISITOR, owner.id, { name: "Hijacked" }),
      deleteAccount(VISITOR, owner.id),
      referralStatus(VISITOR, owner.id),
      searchUsers(VISITOR, owner.name),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toThrow(Unauthenticated);
    expect(await userRow(owner.id)).toEqual(before);
  });

  it("lets every user read, edit and delete only their own account: 'own' for admins too", async () => {
    const [bob, alice, boss] = [await participant(), await participant(), await admin()];
    const before = await userRow(bob.id);
    for (const intruder of [alice, boss]) {
      await expect(getProfile(intruder, bob.id)).rejects.toThrow(Forbidden);
      await expect(updateProfile(intruder, bob.id, { name: "Hijacked", dob: "1990-01-01" })).rejects.toThrow(new Forbidden(catalogued("You can change only your own account.")));
      await expect(deleteAccount(intruder, bob.id)).rejects.toThrow(Forbidden);
    }
    expect(await userRow(bob.id)).toEqual(before);
    expect(await updateProfile(bob, bob.id, { name: "Bob B", dob: "1990-01-01" })).toMatchObject({ id: bob.id, name: "Bob B", dob: "1990-01-01" });
  });

  it("keeps the user search to admins, and the clean-up job to the system alone", async () => {
    const [user, boss] = [await participant(), await admin()];
    await expect(searchUsers(user, user.name)).rejects.toThrow(new Forbidden(catalogued("Only admins can do this.")));
    await expect(searchUsers(SYSTEM, user.name)).rejects.toThrow(Forbidden);
    expect(await searchUsers(boss, user.email)).toEqual([{ id: user.id, name: user.name, email: user.email }]);

    for (const actor of [user, boss]) await expect(deleteExpiredRecords(actor)).rejects.toThrow(Forbidden);
    expect(await deleteExpiredRecords(SYSTEM)).toEqual({ resetTokens: expect.any(Number), rateLimitWindows: expect.any(Number) });
  });
});

describe("referrals", () => {
  it("show the referrer whom they referred; another participant is refused, an admin may look", async () => {
    const referrer = await participant();
    const { referralCode } = await userRow(referrer.id);
    const friend = await participant({ referredBy: referralCode.toLowerCase() });
    const expected = { referralCode, totalRefer: [expect.objectContaining({ name: friend.name, status: "pending", rewardedAt: null })] };

    expect(await referralStatus(referrer, referrer.id)).toEqual(expected);
    await expect(referralStatus(friend, referrer.id)).rejects.toThrow(new Forbidden(catalogued("You can see only your own referrals.")));
    expect(await referralStatus(await admin(), referrer.id)).toEqual(expected);
  });
});

describe("deleting an account", () => {
  it("anonymises a deleted account and ends its login, but keeps its ledger", async () => {
    const [user, reviewer] = [await adult(), await admin()];
    await fundWallet(user, reviewer, 1_000);
    // Its money withdrawn first: an account holding any is not deleted.
    await reviewTransaction(reviewer, (await requestWithdrawal(user, { amountPaise: 1_000, bankName: user.name, upiId: "user@okaxis" })).id, "verified");
    await deleteAccount(user, user.id);

    expect(await userRow(user.id)).toMatchObject({ name: "Deleted user", email: `deleted-${user.id}@deleted.invalid`, passwordHash: null, dateOfBirth: null, deletedAt: expect.any(Date) });
    await expect(getProfile(user, user.id)).rejects.toThrow(NotFound);
    await expect(loginWithPassword(VISITOR, user.email, TEST_PASSWORD, `10.9.${randomBytes(1)[0]}.1`)).rejects.toThrow(Unauthenticated);
    expect(await countRows(transactions, eq(transactions.userId, user.id))).toBe(2);
  });
});

describe("the admin's user search", () => {
  it("treats % and _ in the query as plain characters, not wildcards", async () => {
    const boss = await admin();
    const tag = randomBytes(4).toString("hex");
    const [percent, lookalike] = [await participant(), await participant()];
    const db = await getDb();
    await db.update(users).set({ name: `Full 100%_${tag}` }).where(eq(users.id, percent.id));
    await db.update(users).set({ name: `Full 100ab${tag}` }).where(eq(users.id, lookalike.id));

    expect((await searchUsers(boss, `100%_${tag}`)).map((found) => found.id)).toEqual([percent.id]);
    expect((await searchUsers(boss, "%")).every((found) => found.name.includes("%") || found.email.includes("%"))).toBe(true);
  });
});
