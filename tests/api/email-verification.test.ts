import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as registerRoute } from "@/app/api/register/route";
import { POST as resend } from "@/app/api/verify-email/resend/route";
import { POST as verify } from "@/app/api/verify-email/route";
import { POST as debit } from "@/app/api/wallet/debit/route";
import { users } from "@/db/schema";
import { verificationToken } from "@/lib/accounts/verification";
import { closeDatabase, getDb } from "@/lib/db";
import { OUTBOX_DIRECTORY } from "@/lib/mail";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { runJobWorkers } from "../support/jobs";
import type { ActiveUser } from "@/lib/auth";
import { ADULT_DOB, admin, participant } from "../support/users";
import { fundWallet } from "../support/wallet";

afterAll(closeDatabase);
runJobWorkers();

const LINK = /\/verify-email\?token=([^\s]+)/;

async function verificationMailsTo(email: string): Promise<string[]> {
  const files = (await readdir(OUTBOX_DIRECTORY).catch(() => [])).sort();
  const mails = await Promise.all(files.map((file) => readFile(path.join(OUTBOX_DIRECTORY, file), "utf8")));
  return mails.filter((mail) => mail.includes(`To: ${email}\n`) && LINK.test(mail));
}

async function mailedToken(email: string, count = 1): Promise<string> {
  const mails = await vi.waitFor(
    async () => {
      const found = await verificationMailsTo(email);
      return found.length >= count ? found : Promise.reject(new Error(`no verification mail to ${email} yet`));
    },
    { timeout: 10_000, interval: 100 },
  );
  return decodeURIComponent(mails[count - 1].match(LINK)![1]);
}

/** Signs up through /api/register, as the login page does; the mail with the link follows. */
async function signUp(): Promise<ActiveUser> {
  const { status, body } = await call(registerRoute, { json: { name: "Meera", email: uniqueEmail(), password: "a-long-password", dob: ADULT_DOB } });
  expect(status).toBe(201);
  const user = body.user as { id: string; name: string; email: string };
  return { id: user.id, name: user.name, email: user.email, role: "participant" };
}

async function verifiedAt(userId: string) {
  const db = await getDb();
  const [row] = await db.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return row.emailVerifiedAt;
}

describe("verifying the email at sign-up", () => {
  it("mails a link on sign-up; the participant lands on the dashboard at once, and the link verifies the email", async () => {
    const email = uniqueEmail();
    const signUp = await call(registerRoute, { json: { name: "Meera", email, password: "a-long-password", dob: ADULT_DOB } });
    expect(signUp.status).toBe(201);
    expect(signUp.body.landing).toBe("/dashboard");
    const userId = (signUp.body.user as { id: string }).id;
    expect(await verifiedAt(userId)).toBeNull();

    const token = await mailedToken(email);
    const verified = await call(verify, { json: { token } });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe("Thank you: your email address is confirmed.");
    expect(await verifiedAt(userId)).toBeInstanceOf(Date);
    // Following the link twice does no harm.
    expect((await call(verify, { json: { token } })).status).toBe(200);
  });

  it("mails the link on the host the sign-up came to, as no public URL is configured here (APP_URL would win)", async () => {
    const email = uniqueEmail();
    expect((await call(registerRoute, { json: { name: "Meera", email, password: "a-long-password", dob: ADULT_DOB }, headers: { host: "192.168.1.20:3000" } })).status).toBe(201);
    const mail = await vi.waitFor(async () => (await verificationMailsTo(email))[0] ?? Promise.reject(new Error("no mail yet")), { timeout: 10_000, interval: 100 });
    expect(mail).toMatch(/http:\/\/192\.168\.1\.20:3000\/verify-email\?token=/);
  });

  it("refuses a tampered link, an expired one, and one made for another address", async () => {
    const user = await participant();
    const good = verificationToken({ id: user.id, email: user.email }, new Date(Date.now() + 60_000));
    const refusals = [
      good.slice(0, -2) + (good.endsWith("AA") ? "BB" : "AA"),
      verificationToken({ id: user.id, email: user.email }, new Date(Date.now() - 1000)),
      verificationToken({ id: user.id, email: "someone-else@example.test" }, new Date(Date.now() + 60_000)),
      "not-a-token",
    ];
    for (const token of refusals) {
      const { status, body } = await call(verify, { json: { token } });
      expect(status).toBe(400);
      expect(body.message).toBe("This confirmation link is invalid or has expired. Please ask for a new one from your dashboard.");
    }
    expect(await verifiedAt(user.id)).toBeNull();
  });

  it("sends a new link when asked, at most once a minute, and not to a verified address", async () => {
    const user = await signUp();
    await mailedToken(user.email);
    const first = await call(resend, { as: user });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(`We have sent a new confirmation link to ${user.email}.`);
    const again = await call(resend, { as: user });
    expect(again.status).toBe(429);
    expect(Number(again.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(resend, {})).status).toBe(401);

    // The resent link works as well as the first.
    expect((await call(verify, { json: { token: await mailedToken(user.email, 2) } })).status).toBe(200);
    const done = await call(resend, { as: user });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe("Your email address is already confirmed.");
  });

  it("lets only a verified email withdraw from the wallet, and says why", async () => {
    const user = await signUp();
    const db = await getDb();
    await db.update(users).set({ dateOfBirth: "1990-01-01" }).where(eq(users.id, user.id));
    await fundWallet(user, await admin(), 10_000);
    const withdrawal = { paymentType: "debit", amount: 50, payeeName: "SBI", upiId: "meera@oksbi" };

    const refused = await call(debit, { as: user, json: withdrawal });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Please confirm your email address before withdrawing: use the link we mailed you, or ask for a new one on your dashboard.");

    await call(verify, { json: { token: await mailedToken(user.email) } });
    expect((await call(debit, { as: user, json: withdrawal })).status).toBe(201);
  });
});
