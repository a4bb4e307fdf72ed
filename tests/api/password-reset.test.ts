import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { POST as forgotPassword } from "@/app/api/forgotpassword/route";
import { POST as login } from "@/app/api/login/route";
import { POST as passwordReset } from "@/app/api/passwordreset/route";
import { passwordResetTokens } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { participant } from "../support/users";

afterAll(closeDatabase);
afterEach(() => vi.restoreAllMocks());

/** Without SMTP_URL the mail goes to the server log: read the link from there. */
async function requestResetLink(email: string) {
  const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
  const response = await call(forgotPassword, { json: { email } });
  const mailed = log.mock.calls.map((args) => String(args[0])).find((line) => line.includes("ResetPasswordPage?token="));
  log.mockRestore();
  return { response, token: mailed ? decodeURIComponent(mailed.match(/token=([^\s]+)/)![1]) : undefined };
}

describe("forgot and reset password", () => {
  it("answers the same whether or not the email has an account, and mails only a real one", async () => {
    const user = await participant();
    const known = await requestResetLink(user.email);
    const unknown = await requestResetLink(uniqueEmail());
    expect(known.response.status).toBe(200);
    expect(unknown.response.body).toEqual(known.response.body);
    expect(known.token).toBeDefined();
    expect(unknown.token).toBeUndefined();
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
