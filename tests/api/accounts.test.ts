import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PUT as editUser } from "@/app/api/editUser/[id]/route";
import { DELETE as deleteUser } from "@/app/api/deleteUser/[id]/route";
import { POST as login } from "@/app/api/login/route";
import { POST as referStatus } from "@/app/api/referstatus/route";
import { POST as registerRoute } from "@/app/api/register/route";
import { GET as searchUsers } from "@/app/api/users/search/route";
import { referrals, users } from "@/db/schema";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { clearLoginLimits, rewindLoginClock } from "../support/accounts";
import { ADULT_DOB, admin, dateOfBirthAged, participant, TEST_PASSWORD } from "../support/users";
import { adult, fundWallet, openRegistration, uploadProof } from "../support/wallet";
import { reviewTransaction, submitEntryFee } from "@/lib/payments";
import { requestTopUp, requestWithdrawal } from "@/lib/wallet";
import { roomInThisMinute } from "../support/rate-window";

afterAll(closeDatabase);

function uniqueIp() {
  return `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join(".")}`;
}

describe("sign-up", () => {
  it("creates a participant, logs them in, and never an admin whatever the body says", async () => {
    const email = uniqueEmail();
    const { status, body, response } = await call(registerRoute, {
      json: { name: "Meera", email, password: "a-long-password", dob: ADULT_DOB, mobile: "9876543210", userType: "admin", role: "admin" },
    });
    expect(status).toBe(201);
    expect(body.user).toMatchObject({ email, userType: "participant" });
    expect(body.landing).toBe("/dashboard");
    expect(response.headers.get("set-cookie")).toMatch(/next-auth\.session-token=.+; Path=\/; HttpOnly; SameSite=Lax/);
  });

  it("refuses a duplicate email with 409 and a clear message, ignoring case", async () => {
    const email = uniqueEmail();
    await call(registerRoute, { json: { name: "A", email, password: "a-long-password", dob: ADULT_DOB } });
    const { status, body } = await call(registerRoute, { json: { name: "B", email: email.toUpperCase(), password: "another-password", dob: ADULT_DOB } });
    expect(status).toBe(409);
    expect(body).toEqual({ message: "An account with this email already exists." });
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const email = uniqueEmail();
    const { status, body } = await call(registerRoute, { json: { name: "C", email, password: "short", dob: ADULT_DOB } });
    expect(status).toBe(400);
    expect(body.message).toBe("Password must be at least 8 characters.");
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("asks for the date of birth: without one, 400 and no account", async () => {
    const email = uniqueEmail();
    for (const dob of [undefined, ""]) {
      const { status, body } = await call(registerRoute, { json: { name: "Nidhi", email, password: "a-long-password", dob } });
      expect(status).toBe(400);
      expect(body.message).toBe("Date of birth is required.");
    }
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses anyone under the minimum age with the rule's text, the day before the birthday too, and creates nothing", async () => {
    const email = uniqueEmail();
    for (const dob of [dateOfBirthAged(config.competition.minimumAge, 1), dateOfBirthAged(12)]) {
      const { status, body } = await call(registerRoute, { json: { name: "Young", email, password: "a-long-password", dob } });
      expect(status).toBe(400);
      expect(body.message).toBe(`You must be ${config.competition.minimumAge} or older to take part.`);
    }
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("keeps an adult's date of birth, from the 18th birthday itself", async () => {
    const email = uniqueEmail();
    const dob = dateOfBirthAged(config.competition.minimumAge);
    const { status } = await call(registerRoute, { json: { name: "Just Eighteen", email, password: "a-long-password", dob } });
    expect(status).toBe(201);
    const db = await getDb();
    const [row] = await db.select({ dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.email, email));
    expect(row.dateOfBirth).toBe(dob);
  });

  it("records the referrer only from a valid referral code", async () => {
    const referrer = await participant();
    const db = await getDb();
    const [{ referralCode }] = await db.select({ referralCode: users.referralCode }).from(users).where(eq(users.id, referrer.id));
    const referred = await call(registerRoute, { json: { name: "D", email: uniqueEmail(), password: "a-long-password", dob: ADULT_DOB, referredBy: referralCode.toLowerCase() } });
    const unknown = await call(registerRoute, { json: { name: "E", email: uniqueEmail(), password: "a-long-password", dob: ADULT_DOB, referredBy: "NOSUCHCODE" } });
    expect(unknown.status).toBe(201);

    const rows = await db.select().from(referrals).where(eq(referrals.referrerId, referrer.id));
    expect(rows).toEqual([expect.objectContaining({ referredUserId: (referred.body.user as { id: string }).id, status: "pending" })]);
    const [unknownUser] = await db.select({ referredById: users.referredById }).from(users).where(eq(users.id, (unknown.body.user as { id: string }).id));
    expect(unknownUser.referredById).toBeNull();

    const status = await call(referStatus, { json: { userId: referrer.id }, as: referrer });
    expect(status.body).toMatchObject({ referralCode, totalRefer: [expect.objectContaining({ status: "pending" })] });
    const someoneElse = await call(referStatus, { json: { userId: referrer.id }, as: await participant() });
    expect(someoneElse.status).toBe(403);
  });
});

describe("login", () => {
  it("logs in with the right password and refuses a wrong one with 401", async () => {
    const user = await participant();
    const ip = uniqueIp();
    const ok = await call(login, { json: { email: user.email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": ip } });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ id: user.id, userType: "participant" });

    const wrong = await call(login, { json: { email: user.email, password: "wrong password" }, headers: { "x-forwarded-for": ip } });
    expect(wrong.status).toBe(401);
    expect(wrong.response.headers.get("set-cookie")).toBeNull();
  });

  it("sends an admin to the admin panel, and reads the role from the database on every call, never from the cookie", async () => {
    const user = await participant();
    const db = await getDb();
    await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const loggedIn = await call(login, { json: { email: user.email, password: TEST_PASSWORD } });
    expect(loggedIn.body.landing).toBe("/adminpanel");
    const cookie = loggedIn.response.headers.get("set-cookie")!.split(";")[0];
    expect((await call(searchUsers, { url: "/api/users/search?q=Participant", headers: { cookie } })).status).toBe(200);

    await db.update(users).set({ role: "participant" }).where(eq(users.id, user.id));
    expect((await call(searchUsers, { url: "/api/users/search?q=Participant", headers: { cookie } })).status).toBe(403);
  });

  it("never counts a successful login: a whole school logs in from one address", async () => {
    const ip = uniqueIp();
    const pupils = await Promise.all(Array.from({ length: 15 }, () => participant()));
    for (const pupil of pupils) {
      expect((await call(login, { json: { email: pupil.email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": ip } })).status).toBe(200);
    }
  });

  it("answers the 11th failure in a minute for one email from one address with 429, yet the owner still gets in from another address", async () => {
    const user = await participant();
    const attacker = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await call(login, { json: { email: user.email, password: "wrong password" }, headers: { "x-forwarded-for": attacker } })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const refused = await call(login, { json: { email: user.email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": attacker } });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The wait is the minute since the 10th failure less the time the calls since took: a whole
    // minute on a quick machine, "59 seconds" on a loaded one, and the message says the same wait.
    const wait = retryAfter === 60 ? "1 minute" : `${retryAfter} ${retryAfter === 1 ? "second" : "seconds"}`;
    expect(refused.body.message).toBe(`Too many failed login attempts. Please try again in ${wait}.`);

    expect((await call(login, { json: { email: user.email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": uniqueIp() } })).status).toBe(200);
  });

  it("makes each failure past the limit wait twice as long as the one before, up to a cap; waiting it out lets the owner in", async () => {
    const user = await participant();
    const ip = uniqueIp();
    const attempt = (password: string) => call(login, { json: { email: user.email, password }, headers: { "x-forwarded-for": ip } });
    for (let failure = 0; failure < 10; failure++) await attempt("wrong password");
    /** The wait the server asks for; then the clock is moved on by that much. */
    const waitItOut = async () => {
      const refused = await attempt(TEST_PASSWORD);
      expect(refused.status).toBe(429);
      const seconds = Number(refused.response.headers.get("retry-after"));
      await rewindLoginClock(user.email, ip, seconds);
      return seconds;
    };
    const waits = [await waitItOut()];
    for (let failure = 0; failure < 8; failure++) {
      expect((await attempt("wrong password")).status).toBe(401);
      waits.push(await waitItOut());
    }
    // Each wait is what was asked, give or take the second the requests themselves took.
    const expected = [60, 120, 240, 480, 900, 900, 900, 900, 900];
    waits.forEach((seconds, index) => {
      expect(seconds).toBeLessThanOrEqual(expected[index]);
      expect(seconds).toBeGreaterThan(expected[index] - 3);
    });

    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
    // The owner got in: the slate is clean again.
    expect((await attempt("wrong password")).status).toBe(401);
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
  });

  it("answers the 101st failure in a minute from one address with 429, whatever the emails", { timeout: 120_000 }, async () => {
    await roomInThisMinute();
    const ip = uniqueIp();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => (await call(login, { json: { email: uniqueEmail(), password: "x" }, headers: { "x-forwarded-for": ip } })).status),
    );
    expect(statuses).toEqual(Array(100).fill(401));
    const user = await participant();
    expect((await call(login, { json: { email: user.email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": ip } })).status).toBe(429);
  });

  it("without a trusted proxy, does not believe X-Forwarded-For: rotating it does not get around the per-address limit", { timeout: 120_000 }, async () => {
    await roomInThisMinute();
    const hops = config.trustedProxyHops;
    config.trustedProxyHops = 0;
    const attempt = async () => (await call(login, { json: { email: uniqueEmail(), password: "x" }, headers: { "x-forwarded-for": uniqueIp() } })).status;
    try {
      expect(await Promise.all(Array.from({ length: 100 }, attempt))).toEqual(Array(100).fill(401));
      expect(await attempt()).toBe(429);
    } finally {
      config.trustedProxyHops = hops;
      await clearLoginLimits("direct");
    }
  });

  it("takes as long for an email without an account as for a wrong password: the timing tells no one which emails are registered", async () => {
    const user = await participant();
    const ip = uniqueIp();
    const time = async (email: string) => {
      const started = performance.now();
      expect((await call(login, { json: { email, password: "wrong password" }, headers: { "x-forwarded-for": ip } })).status).toBe(401);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, and enough rounds that a few logins slowed by other test files' load do not move a median.
    for (let round = 0; round < 8; round++) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail()));
    }
    expect(median(unknown) / median(known)).toBeGreaterThan(0.6);
  });
});

describe("editing and deleting an account", () => {
  it("lets a user edit only their own profile (403 for another, 401 for a visitor)", async () => {
    const [a, b] = [await participant(), await participant()];
    expect((await call(editUser, { method: "PUT", json: { name: "Hacked" }, as: a, params: { id: b.id } })).status).toBe(403);
    expect((await call(editUser, { method: "PUT", json: { name: "Hacked" }, params: { id: b.id } })).status).toBe(401);

    const own = await call(editUser, {
      method: "PUT",
      as: a,
      params: { id: a.id },
      json: { name: "Asha Kumar", mobile: "+919876543210", dob: "2000-05-17", address: { city: "Pune", postalCode: "411001" } },
    });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ name: "Asha Kumar", dob: "2000-05-17", address: { city: "Pune", postalCode: "411001" } });
  });

  it("never changes role, wallet, referral code or referrer through editUser", async () => {
    const user = await participant();
    const db = await getDb();
    const [before] = await db.select().from(users).where(eq(users.id, user.id));
    const { status } = await call(editUser, {
      method: "PUT",
      as: user,
      params: { id: user.id },
      json: { name: "Still Me", userType: "admin", role: "admin", walletBalancePaise: 10_000_000, wallet: { balance: 100000 }, referralCode: "MINE1234", referredBy: user.id },
    });
    expect(status).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ name: "Still Me", role: "participant", walletBalancePaise: 0, referralCode: before.referralCode, referredById: null });
  });

  it("refuses invalid profile fields with a clear message", async () => {
    const user = await participant();
    const { status, body } = await call(editUser, { method: "PUT", as: user, params: { id: user.id }, json: { name: "X", dob: "2999-01-01" } });
    expect(status).toBe(400);
    expect(body.message).toBe("Enter a real date of birth in the past.");
  });

  it("refuses a date of birth under the minimum age with the rule's text, and keeps the one stored", async () => {
    const user = await participant();
    const db = await getDb();
    await db.update(users).set({ dateOfBirth: ADULT_DOB }).where(eq(users.id, user.id));
    const { status, body } = await call(editUser, { method: "PUT", as: user, params: { id: user.id }, json: { name: "Young", dob: dateOfBirthAged(16) } });
    expect(status).toBe(400);
    expect(body.message).toBe(`You must be ${config.competition.minimumAge} or older to take part.`);
    const [row] = await db.select({ name: users.name, dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, user.id));
    expect(row).toEqual({ name: user.name, dateOfBirth: ADULT_DOB });
  });

  it("lets a user delete only their own account; the email can then sign up again", async () => {
    const [a, b] = [await participant(), await participant()];
    expect((await call(deleteUser, { method: "DELETE", as: a, params: { id: b.id } })).status).toBe(403);

    const deleted = await call(deleteUser, { method: "DELETE", as: b, params: { id: b.id } });
    expect(deleted.status).toBe(200);
    expect(deleted.response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await call(login, { json: { email: b.email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": uniqueIp() } })).status).toBe(401);
    expect((await call(editUser, { method: "PUT", as: b, params: { id: b.id }, json: { name: "Ghost" } })).status).toBe(401);

    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.id, b.id));
    expect(row).toMatchObject({ name: "Deleted user", passwordHash: null, mobile: null });
    expect(row.deletedAt).not.toBeNull();
    expect((await call(registerRoute, { json: { name: "Again", email: b.email, password: "a-long-password", dob: ADULT_DOB } })).status).toBe(201);
  });

  it("refuses to delete an account while its wallet holds money or a payment of it waits for an admin, saying to withdraw first, in Hindi too", async () => {
    const [holder, reviewer] = [await adult(), await admin()];
    const remove = (headers?: Record<string, string>) => call(deleteUser, { method: "DELETE", as: holder, params: { id: holder.id }, headers });
    await fundWallet(holder, reviewer, 25_000);
    const topUp = await requestTopUp(holder, { amountPaise: 35_000, payeeName: holder.name, proofUploadId: await uploadProof(holder) });

    const waiting = await remove();
    expect(waiting.status).toBe(409);
    expect(waiting.body.message).toBe("Your account cannot be deleted while a payment of yours (a top-up, an entry fee or a withdrawal) waits for an admin's decision. Once it is decided, withdraw what your wallet holds, then delete your account.");
    expect((await remove({ cookie: "NEXT_LOCALE=hi" })).body.message).toBe("जब तक आपका कोई भुगतान (टॉप-अप, प्रवेश शुल्क या निकासी) एडमिन के निर्णय की प्रतीक्षा में है, आपका खाता हटाया नहीं जा सकता। निर्णय होने के बाद अपने वॉलेट की राशि निकाल लें, फिर खाता हटाएँ।");

    await reviewTransaction(reviewer, topUp.id, "rejected");
    const holding = await remove();
    expect(holding.status).toBe(409);
    expect(holding.body.message).toBe("Your wallet still holds ₹250. Withdraw it first from your wallet; once the withdrawal is paid, you can delete your account.");
    expect((await remove({ cookie: "NEXT_LOCALE=hi" })).body.message).toBe("आपके वॉलेट में अभी ₹250 हैं। पहले इसे अपने वॉलेट से निकाल लें; निकासी का भुगतान हो जाने पर आप अपना खाता हटा सकते हैं।");

    const withdrawal = await requestWithdrawal(holder, { amountPaise: 25_000, bankName: holder.name, upiId: "holder@okaxis" });
    expect((await remove()).status).toBe(409);
    await reviewTransaction(reviewer, withdrawal.id, "verified");
    expect((await remove()).status).toBe(200);

    // An entry fee waiting for an admin holds money of the account too.
    const payer = await adult();
    await submitEntryFee(payer, { quizId: (await openRegistration()).id, proofUploadId: await uploadProof(payer), payeeName: payer.name, paymentReference: String(100_000_000_000 + randomBytes(4).readUInt32BE()) });
    expect((await call(deleteUser, { method: "DELETE", as: payer, params: { id: payer.id } })).status).toBe(409);
    const [row] = await (await getDb()).select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, payer.id));
    expect(row.deletedAt).toBeNull();
  });

});

describe("cross-site requests", () => {
  it("refuses a state-changing call from another site", async () => {
    const user = await participant();
    const { status, body } = await call(editUser, {
      method: "PUT",
      as: user,
      params: { id: user.id },
      json: { name: "Forged" },
      headers: { origin: "https://evil.example" },
    });
    expect(status).toBe(403);
    expect(body.message).toBe("Cross-site request refused.");
  });
});
