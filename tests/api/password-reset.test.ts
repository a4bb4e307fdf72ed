import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as forgotPassword } from "@/app/api/forgotpassword/route";
import { POST as login } from "@/app/api/login/route";
import { POST as passwordReset } from "@/app/api/passwordreset/route";
import { passwordResetTokens, rateLimitHits } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { OUTBOX_DIRECTORY } from "@/lib/mail";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { runJobWorkers } from "../support/jobs";
import { participant } from "../support/users";
import { roomInThisMinute } from "../support/rate-window";

afterAll(closeDatabase);
runJobWorkers();

/** Without SMTP_URL the mail job writes the mail into the outbox directory. */
async function mailsTo(email: string): Promise<string[]> {
  const files = (await readdir(OUTBOX_DIRECTORY).catch(() => [])).sort();
  const mails = await Promise.all(files.map((file) => readFile(path.join(OUTBOX_DIRECTORY, file), "utf8")));
  return mails.filter((mail) => mail.includes(`To: ${email}\n`) && mail.includes("reset the password"));
}

async function mailTo(email: string): Promise<string | undefined> {
  return (await mailsTo(email))[0];
}

function tokenIn(mail: string): string {
  return decodeURIComponent(mail.match(/token=([^\s]+)/)![1]);
}

async function requestResetLink(email: string) {
  const response = await call(forgotPassword, { json: { email } });
  const mail = await vi.waitFor(async () => (await mailTo(email)) ?? Promise.reject(new Error(`no mail to ${email} yet`)), { timeout: 25_000, interval: 100 });
  return { response, token: tokenIn(mail) };
}

describe("forgot and reset password", () => {
  it("answers the same whether or not the email has an account, and mails only a real one", async () => {
    const user = await participant();
    const stranger = uniqueEmail();
    const unknown = await call(forgotPassword, { json: { email: stranger } });
    const known = await requestResetLink(user.email);
    expect(known.response.status).toBe(200);
    expect(unknown.body).toEqual(known.response.body);
    expect(known.token).toBeDefined();
    // The stranger was asked about first, so a mail to them would have been written by now.
    expect(await mailTo(stranger)).toBeUndefined();
  });

  it("stores only a hash of the token, and the token works once", async () => {
    const user = await participant();
    const { token } = await requestResetLink(user.email);
    const db = await getDb();
    const [stored] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored.tokenHash).toBe(createHash("sha256").update(token!).digest("hex"));
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);

    const reset = await call(passwordReset, { json: { token, newPassword: "brand-new-password" } });
    expect(reset.status).toBe(200);
    const headers = { "x-forwarded-for": "10.200.0.1" };
    expect((await call(login, { json: { email: user.email, password: "brand-new-password" }, headers })).status).toBe(200);

    const reused = await call(passwordReset, { json: { token, newPassword: "yet-another-password" } });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe("This reset link is invalid or has expired. Please ask for a new one.");
  });

  it("mails a link on the host the request came to, as no public URL is configured here (APP_URL would win)", async () => {
    const user = await participant();
    await call(forgotPassword, { json: { email: user.email }, headers: { host: "192.168.1.20:3000", "x-forwarded-for": "10.201.0.3" } });
    const mail = await vi.waitFor(async () => (await mailTo(user.email)) ?? Promise.reject(new Error("no mail yet")), { timeout: 10_000, interval: 100 });
    expect(mail).toMatch(/http:\/\/192\.168\.1\.20:3000\/ResetPasswordPage\?token=/);
  });

  it("refuses an expired token", async () => {
    const user = await participant();
    const { token } = await requestResetLink(user.email);
    const db = await getDb();
    await db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, user.id));
    expect((await call(passwordReset, { json: { token, newPassword: "brand-new-password" } })).status).toBe(400);
  });

  it("says 'Token or new password is missing' when either is missing", async () => {
    for (const json of [{ newPassword: "brand-new-password" }, { token: "abc" }, { token: "", newPassword: "" }]) {
      const { status, body } = await call(passwordReset, { json });
      expect(status).toBe(400);
      expect(body.message).toBe("Token or new password is missing");
    }
  });

  it("keeps one live link per account: five requests in one second send one mail, and a later request replaces the link", async () => {
    const user = await participant();
    const responses = await Promise.all(Array.from({ length: 5 }, () => call(forgotPassword, { json: { email: user.email }, headers: { "x-forwarded-for": "10.201.0.1" } })));
    expect(responses.map((response) => response.status)).toEqual(Array(5).fill(200));
    const first = await vi.waitFor(async () => (await mailTo(user.email)) ?? Promise.reject(new Error("no mail yet")), { timeout: 10_000, interval: 100 });
    // Time for any further mail job to have run: the worker picks jobs up within a second or two.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await mailsTo(user.email)).toHaveLength(1);

    // A minute later (the per-email limit's window, skipped here) a new request replaces the link.
    const db = await getDb();
    await db.delete(rateLimitHits).where(like(rateLimitHits.key, `%${user.email}%`));
    await call(forgotPassword, { json: { email: user.email }, headers: { "x-forwarded-for": "10.201.0.1" } });
    const second = await vi.waitFor(async () => (await mailsTo(user.email))[1] ?? Promise.reject(new Error("no second mail yet")), { timeout: 10_000, interval: 100 });
    const live = await db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    expect(live).toHaveLength(1);
    expect((await call(passwordReset, { json: { token: tokenIn(first), newPassword: "brand-new-password" } })).status).toBe(400);
    expect((await call(passwordReset, { json: { token: tokenIn(second), newPassword: "brand-new-password" } })).status).toBe(200);
  });

  it("answers the 11th request in a minute from one address with 429, whatever the emails", { timeout: 120_000 }, async () => {
    // Twelve requests that hash nothing take a second or two even on a loaded machine.
    await roomInThisMinute(10);
    const headers = { "x-forwarded-for": "10.201.0.2" };
    const statuses: number[] = [];
    for (let request = 0; request < 11; request++) statuses.push((await call(forgotPassword, { json: { email: uniqueEmail() }, headers })).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const refused = await call(forgotPassword, { json: { email: uniqueEmail() }, headers });
    expect(refused.body.message).toBe("Too many requests. Please wait a minute and try again.");
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
