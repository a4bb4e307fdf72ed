import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as forgotPassword } from "@/app/api/forgotpassword/route";
import { POST as login } from "@/app/api/login/route";
import { POST as passwordReset } from "@/app/api/passwordreset/route";
import { passwordResetTokens } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { OUTBOX_DIRECTORY } from "@/lib/mail";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { runJobWorkers } from "../support/jobs";
import { participant } from "../support/users";

afterAll(closeDatabase);
runJobWorkers();

/** Without SMTP_URL the mail job writes the mail into the outbox directory. */
async function mailTo(email: string): Promise<string | undefined> {
  const files = await readdir(OUTBOX_DIRECTORY).catch(() => []);
  for (const file of files) {
    const mail = await readFile(path.join(OUTBOX_DIRECTORY, file), "utf8");
    if (mail.includes(`To: ${email}\n`)) return mail;
  }
  return undefined;
}

async function requestResetLink(email: string) {
  const response = await call(forgotPassword, { json: { email } });
  const mail = await vi.waitFor(async () => (await mailTo(email)) ?? Promise.reject(new Error(`no mail to ${email} yet`)), { timeout: 10_000, interval: 100 });
  return { response, token: decodeURIComponent(mail.match(/token=([^\s]+)/)![1]) };
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
});
