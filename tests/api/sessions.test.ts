import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { DELETE as deleteUser } from "@/app/api/deleteUser/[id]/route";
import { POST as login } from "@/app/api/login/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as logoutEverywhere } from "@/app/api/logout-everywhere/route";
import { POST as passwordReset } from "@/app/api/passwordreset/route";
import { GET as sessionEnded } from "@/app/api/session-ended/route";
import { GET as history } from "@/app/api/wallet/history/route";
import { PUT as saveAnswer } from "@/app/api/exam/[quizId]/answers/route";
import { PUT as saveAnswers } from "@/app/api/exam/[quizId]/answers/batch/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { attemptAnswers, attempts, users } from "@/db/schema";
import { changeRole } from "@/lib/accounts";
import { requirePermission } from "@/lib/auth";
import { closeDatabase, getDb } from "@/lib/db";
import { call } from "../support/http";
import { admin, participant, TEST_PASSWORD } from "../support/users";
import { resetTokenFor } from "../support/accounts";
import { markPaid, openExam } from "../support/exam";

afterAll(closeDatabase);
afterEach(() => vi.useRealTimers());

/** What the page's cookies() returns: the session cookie of the test at hand. */
const pageCookies = vi.hoisted(() => ({ header: "" }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (pageCookies.header.startsWith(`${name}=`) ? { name, value: pageCookies.header.slice(name.length + 1) } : undefined),
  }),
}));

const DAY_SECONDS = 24 * 60 * 60;

/** Logs in through /api/login as a browser would; the cookie header it would send back. */
async function logIn(email: string, ip = "10.77.0.1"): Promise<string> {
  const { status, response } = await call(login, { json: { email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": ip } });
  expect(status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0];
}

async function statusWith(cookie: string): Promise<number> {
  return (await call(history, { url: "/api/wallet/history", headers: { cookie } })).status;
}

describe("a session ends for good", () => {
  it("when its user logs out: the same token replayed afterwards is refused with 401", async () => {
    const user = await participant();
    const cookie = await logIn(user.email);
    expect(await statusWith(cookie)).toBe(200);

    const loggedOut = await call(logout, { headers: { cookie } });
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await statusWith(cookie)).toBe(401);
    // Logging in again works, with a fresh session.
    expect(await statusWith(await logIn(user.email))).toBe(200);
  });

  it("everywhere when its user logs out everywhere, and only that user's sessions", async () => {
    const [user, bystander] = [await participant(), await participant()];
    const [laptop, phone, other] = [await logIn(user.email), await logIn(user.email, "10.77.0.2"), await logIn(bystander.email)];

    const { status, body, response } = await call(logoutEverywhere, { headers: { cookie: laptop } });
    expect(status).toBe(200);
    expect(body.message).toBe("You have been logged out on every device.");
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await statusWith(laptop)).toBe(401);
    expect(await statusWith(phone)).toBe(401);
    expect(await statusWith(other)).toBe(200);
    expect((await call(logoutEverywhere, {})).status).toBe(401);
  });

  it("on pages too: a replayed token is sent to the start page", async () => {
    const user = await participant();
    pageCookies.header = await logIn(user.email);
    expect(await requirePermission("quizzes.dashboard")).toMatchObject({ id: user.id });
    await call(logout, { headers: { cookie: pageCookies.header } });
    await expect(requirePermission("quizzes.dashboard")).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;replace;\/api\/session-ended;/) });
    // Which clears the dead cookie and goes on to the start page.
    const ended = await call(sessionEnded, { url: "/api/session-ended", headers: { cookie: pageCookies.header } });
    expect(ended.status).toBe(200);
    expect(await ended.response.text()).toContain('<meta http-equiv="refresh" content="0;url=/">');
    expect(ended.response.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    // A visitor without any cookie goes straight there.
    pageCookies.header = "";
    await expect(requirePermission("quizzes.dashboard")).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;replace;\/;/) });
  });

  it("leaves a live session alone when it comes by the session-ended route", async () => {
    const user = await participant();
    const cookie = await logIn(user.email);
    const passing = await call(sessionEnded, { url: "/api/session-ended", headers: { cookie } });
    expect(passing.response.headers.get("set-cookie")).toBeNull();
    expect(await statusWith(cookie)).toBe(200);
  });

  it("when the password is reset", async () => {
    const user = await participant();
    const cookie = await logIn(user.email);
    const token = await resetTokenFor(user.id);
    expect((await call(passwordReset, { json: { token, newPassword: "a-new-long-password" } })).status).toBe(200);
    expect(await statusWith(cookie)).toBe(401);
  });

  it("when the account is deleted", async () => {
    const user = await participant();
    const [cookie, other] = [await logIn(user.email), await logIn(user.email, "10.77.0.3")];
    expect((await call(deleteUser, { method: "DELETE", params: { id: user.id }, headers: { cookie } })).status).toBe(200);
    expect(await statusWith(other)).toBe(401);
    const db = await getDb();
    const [row] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, user.id));
    expect(row.sessionVersion).toBeGreaterThan(0);
  });

  it("when an admin changes the user's role, which only an admin may do", async () => {
    const [user, boss] = [await participant(), await admin()];
    const cookie = await logIn(user.email);
    await expect(changeRole(user, user.id, "admin")).rejects.toThrow("Only admins can do this.");
    expect(await changeRole(boss, user.id, "admin")).toMatchObject({ id: user.id, role: "admin" });
    expect(await statusWith(cookie)).toBe(401);
    // Logged in again, the new role applies.
    const again = await call(login, { json: { email: user.email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": "10.77.0.4" } });
    expect(again.body.landing).toBe("/adminpanel");
  });
});

describe("the exam's answer saves, where the service checks the session in the same read as the attempt", () => {
  async function examWithSession() {
    const { quiz, questionIds } = await openExam({ count: 2 });
    const user = await participant();
    await markPaid(user, quiz.id);
    const cookie = await logIn(user.email, "10.77.0.5");
    expect((await call(start, { params: { quizId: quiz.id }, headers: { cookie } })).status).toBe(200);
    const save = (questionId: string, headers: Record<string, string>) => ({
      params: { quizId: quiz.id }, headers, method: "PUT",
      json: { questionId, selectedOptionIndex: 1, answeredAt: new Date().toISOString(), currentQuestionIndex: 0, timeLeftSeconds: 100 },
    });
    const single = (questionId: string, headers: Record<string, string>) => call(saveAnswer, save(questionId, headers));
    const batch = (questionId: string, headers: Record<string, string>) => call(saveAnswers, { ...save(questionId, headers), json: { answers: [save(questionId, headers).json] } });
    const stored = async () => (await (await getDb()).select().from(attemptAnswers).where(inArray(attemptAnswers.questionId, questionIds))).length;
    return { user, cookie, questionIds, single, batch, stored };
  }

  it("refuse a visitor, and a session its user logged out of, with 401, storing nothing", async () => {
    const { cookie, questionIds, single, batch, stored } = await examWithSession();
    expect((await single(questionIds[0], { cookie })).status).toBe(200);
    expect((await single(questionIds[0], {})).status).toBe(401);
    expect((await batch(questionIds[0], {})).status).toBe(401);

    await call(logout, { headers: { cookie } });
    expect((await single(questionIds[1], { cookie })).status).toBe(401);
    expect((await batch(questionIds[1], { cookie })).status).toBe(401);
    expect(await stored()).toBe(1);
  });

  it("refuse a deleted account's session", async () => {
    const { user, cookie, questionIds, single, batch } = await examWithSession();
    const other = await logIn(user.email, "10.77.0.6");
    expect((await call(deleteUser, { method: "DELETE", params: { id: user.id }, headers: { cookie } })).status).toBe(200);
    expect((await single(questionIds[0], { cookie: other })).status).toBe(401);
    expect((await batch(questionIds[0], { cookie: other })).status).toBe(401);
  });
});

describe("the exam's start, where the start's own statement checks the session", () => {
  it("refuses a visitor, a session its user logged out of, and a deleted account's, with 401, starting nothing", async () => {
    const { quiz } = await openExam();
    const [user, deleted] = [await participant(), await participant()];
    for (const someone of [user, deleted]) await markPaid(someone, quiz.id);
    const startWith = async (headers: Record<string, string>) => (await call(start, { params: { quizId: quiz.id }, headers })).status;
    const started = async () => (await (await getDb()).select().from(attempts).where(eq(attempts.quizId, quiz.id))).length;

    expect(await startWith({})).toBe(401);
    const loggedOut = await logIn(user.email, "10.77.0.7");
    await call(logout, { headers: { cookie: loggedOut } });
    expect(await startWith({ cookie: loggedOut })).toBe(401);
    const [own, other] = [await logIn(deleted.email, "10.77.0.8"), await logIn(deleted.email, "10.77.0.9")];
    expect((await call(deleteUser, { method: "DELETE", params: { id: deleted.id }, headers: { cookie: own } })).status).toBe(200);
    expect(await startWith({ cookie: other })).toBe(401);
    expect(await started()).toBe(0);

    expect(await startWith({ cookie: await logIn(user.email, "10.77.0.10") })).toBe(200);
    expect(await started()).toBe(1);
  });
});

describe("the session's life", () => {
  it("is seven days", async () => {
    const user = await participant();
    const { response } = await call(login, { json: { email: user.email, password: TEST_PASSWORD }, headers: { "x-forwarded-for": "10.77.0.5" } });
    expect(response.headers.get("set-cookie")).toContain(`Max-Age=${7 * DAY_SECONDS}`);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 8 * DAY_SECONDS * 1000 });
    const expired = await logIn(user.email, "10.77.0.6");
    vi.useRealTimers();
    expect(await statusWith(expired)).toBe(401);
  });

  it("ends at its expiry even for an instance that has already read it (it keeps the tokens it opened)", async () => {
    const user = await participant();
    const cookie = await logIn(user.email, "10.77.0.8");
    expect(await statusWith(cookie)).toBe(200);
    expect(await statusWith(cookie)).toBe(200);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 7 * DAY_SECONDS * 1000 + 60_000 });
    expect(await statusWith(cookie)).toBe(401);
  });

  it("slides: a session older than a day gets a fresh cookie on its next call; a younger one does not", async () => {
    const user = await participant();
    const fresh = await logIn(user.email);
    const unchanged = await call(history, { url: "/api/wallet/history", headers: { cookie: fresh } });
    expect(unchanged.response.headers.get("set-cookie")).toBeNull();

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 2 * DAY_SECONDS * 1000 });
    const old = await logIn(user.email, "10.77.0.7");
    vi.useRealTimers();
    const renewed = await call(history, { url: "/api/wallet/history", headers: { cookie: old } });
    expect(renewed.status).toBe(200);
    const cookie = renewed.response.headers.get("set-cookie")!;
    expect(cookie).toContain(`Max-Age=${7 * DAY_SECONDS}`);
    expect(await statusWith(cookie.split(";")[0])).toBe(200);
    // A refused call renews nothing.
    await call(logoutEverywhere, { headers: { cookie: fresh } });
    expect((await call(history, { url: "/api/wallet/history", headers: { cookie: old } })).response.headers.get("set-cookie")).toBeNull();
  });
});
