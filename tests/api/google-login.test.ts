import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { SignJWT } from "jose";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as googleLogin } from "@/app/api/google-login/route";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PUT as editUser } from "@/app/api/editUser/[id]/route";
import { POST as login } from "@/app/api/login/route";
import { POST as registerRoute } from "@/app/api/register/route";
import { GET as history } from "@/app/api/wallet/history/route";
import { users } from "@/db/schema";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { OUTBOX_DIRECTORY } from "@/lib/mail";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { runJobWorkers } from "../support/jobs";
import { ADULT_DOB, dateOfBirthAged } from "../support/users";

const CLIENT_ID = "olympiad-test-client";
const issuer = new OAuth2Server();
/** vitest.config.ts names it in GOOGLE_ISSUER and GOOGLE_JWKS_URL (another port when two runs share the machine). */
const ISSUER_URL = process.env.GOOGLE_ISSUER!;

beforeAll(async () => {
  await issuer.issuer.keys.generate("RS256");
  await issuer.start(Number(new URL(ISSUER_URL).port), "127.0.0.1");
});

afterAll(async () => {
  await issuer.stop();
  await closeDatabase();
});
runJobWorkers();

async function mailTo(email: string, subject: string): Promise<string> {
  return vi.waitFor(
    async () => {
      for (const file of await readdir(OUTBOX_DIRECTORY).catch(() => [])) {
        const mail = await readFile(path.join(OUTBOX_DIRECTORY, file), "utf8");
        if (mail.includes(`To: ${email}\n`) && mail.includes(`Subject: ${subject}`)) return mail;
      }
      throw new Error(`no mail to ${email} yet`);
    },
    // Delivered by the job queue: as the other mail tests, a generous wait for a busy machine.
    { timeout: 25_000, interval: 100 },
  );
}

async function userRow(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

function identity() {
  return { sub: `google-${Math.random().toString(36).slice(2)}`, email: uniqueEmail(), name: "Ravi Iyer" };
}

function signedByIssuer(claims: Record<string, unknown>) {
  return issuer.issuer.buildToken({
    scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: CLIENT_ID, email_verified: true }, claims),
  });
}

function base64url(value: object) {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function bodyFor(token: string, who: { sub: string; email: string; name: string }) {
  return { credential: token, name: who.name, email: who.email, googleId: who.sub };
}

describe("Google sign-in", () => {
  it("keeps the language of the browser a new account signs up from", async () => {
    const who = identity();
    expect((await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who), headers: { "accept-language": "hi-IN,hi;q=0.9" } })).body.message).toBe("लॉग इन सफल रहा");
    expect((await userRow(who.email)).language).toBe("hi");
  });

  it("accepts a token signed by the issuer and creates a participant once", async () => {
    const who = identity();
    const first = await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: who.email, name: who.name, userType: "participant" });
    // SPEC §3's User, as /api/login and /api/register answer it (tests/api/spec-field-names.test.ts).
    expect(first.body.user).toMatchObject({ _id: (first.body.user as { id: string }).id, referredBy: null, wallet: { balance: 0, transiction: [] }, totalRefer: [], profileImage: null });
    expect(first.response.headers.get("set-cookie")).toMatch(/session-token=/);

    const again = await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) });
    expect((again.body.user as { id: string }).id).toBe((first.body.user as { id: string }).id);
  });

  it("refuses a forged, unsigned token", async () => {
    const who = identity();
    const unsigned = `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ iss: ISSUER_URL, aud: CLIENT_ID, ...who, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    const { status, body } = await call(googleLogin, { json: bodyFor(unsigned, who) });
    expect(status).toBe(401);
    expect(body).toEqual({ message: "Authentication failed" });
  });

  it("refuses a token signed with someone else's key", async () => {
    const who = identity();
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = await new SignJWT({ ...who, email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .setIssuer(ISSUER_URL)
      .setAudience(CLIENT_ID)
      .setExpirationTime("10m")
      .sign(createPrivateKey(privateKey.export({ type: "pkcs8", format: "pem" })));
    expect((await call(googleLogin, { json: bodyFor(forged, who) })).status).toBe(401);
  });

  it("refuses a genuine token meant for another app, or whose claims the browser altered", async () => {
    const who = identity();
    const otherApp = await issuer.issuer.buildToken({ scopesOrTransform: (_h, payload) => Object.assign(payload, who, { aud: "another-app" }) });
    expect((await call(googleLogin, { json: bodyFor(otherApp, who) })).status).toBe(401);

    const genuine = await signedByIssuer(who);
    expect((await call(googleLogin, { json: { ...bodyFor(genuine, who), email: uniqueEmail() } })).status).toBe(401);
  });

  it("asks for the spec's required fields", async () => {
    const { status, body } = await call(googleLogin, { json: { credential: "x".repeat(40), name: "Ravi" } });
    expect(status).toBe(400);
    expect(body).toEqual({ message: "Missing required fields: name, email, or googleId." });
  });

  it("counts the email Google signed as verified for a new account", async () => {
    const who = identity();
    expect((await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) })).status).toBe(200);
    expect((await userRow(who.email)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("takes back an account someone registered with the owner's email and never verified: password cleared, sessions ended, owner told", async () => {
    const who = identity();
    const squatter = await call(registerRoute, { json: { name: "Squatter", email: who.email, password: "squatters-password", dob: ADULT_DOB } });
    expect(squatter.status).toBe(201);
    const squattersCookie = squatter.response.headers.get("set-cookie")!.split(";")[0];

    const owner = await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) });
    expect(owner.status).toBe(200);
    expect((owner.body.user as { id: string }).id).toBe((squatter.body.user as { id: string }).id);

    expect((await call(history, { url: "/api/wallet/history", headers: { cookie: squattersCookie } })).status).toBe(401);
    expect((await call(login, { json: { email: who.email, password: "squatters-password" }, headers: { "x-forwarded-for": "10.88.0.1" } })).status).toBe(401);
    expect(await userRow(who.email)).toMatchObject({ passwordHash: null, googleId: who.sub, emailVerifiedAt: expect.any(Date) });
    const ownersCookie = owner.response.headers.get("set-cookie")!.split(";")[0];
    expect((await call(history, { url: "/api/wallet/history", headers: { cookie: ownersCookie } })).status).toBe(200);

    const notice = await mailTo(who.email, "Your Olympiad account is now linked to Google");
    expect(notice).toContain("password");
  });

  it("links Google to a verified account and leaves its password and sessions alone", async () => {
    const who = identity();
    const signUp = await call(registerRoute, { json: { name: "Owner", email: who.email, password: "owners-password", dob: ADULT_DOB } });
    const cookie = signUp.response.headers.get("set-cookie")!.split(";")[0];
    const db = await getDb();
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, who.email));

    expect((await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) })).status).toBe(200);
    expect((await call(history, { url: "/api/wallet/history", headers: { cookie } })).status).toBe(200);
    expect((await call(login, { json: { email: who.email, password: "owners-password" }, headers: { "x-forwarded-for": "10.88.0.2" } })).status).toBe(200);
  });
});

describe("Google sign-in's first visit asks for the date of birth", () => {
  /** Where the server sends the browser after a Google sign-in, as a path and its query. */
  function landingOf(body: Record<string, unknown>) {
    const url = new URL(body.landing as string, "http://localhost");
    return { path: url.pathname, complete: url.searchParams.get("complete"), returnTo: url.searchParams.get("returnTo") };
  }

  it("sends an account without a date of birth to the date-of-birth step, then straight to the dashboard once it is given", async () => {
    const who = identity();
    const first = await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) });
    expect(first.status).toBe(200);
    expect(landingOf(first.body)).toEqual({ path: "/profiledetails", complete: "dob", returnTo: "/dashboard" });

    const user = { ...(first.body.user as { id: string; name: string; email: string }), role: "participant" as const };
    const tooYoung = await call(editUser, { method: "PUT", as: user, params: { id: user.id }, json: { name: user.name, dob: dateOfBirthAged(17) } });
    expect(tooYoung.status).toBe(400);
    expect(tooYoung.body.message).toBe(`You must be ${config.competition.minimumAge} or older to take part.`);
    const again = await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) });
    expect(landingOf(again.body).path).toBe("/profiledetails");

    expect((await call(editUser, { method: "PUT", as: user, params: { id: user.id }, json: { name: user.name, dob: ADULT_DOB } })).status).toBe(200);
    const later = await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) });
    expect(later.body.landing).toBe("/dashboard");
  });

  it("keeps a birthdate Google signed and goes to the dashboard; an under-age one is refused with the rule's text and creates nothing", async () => {
    const adult = identity();
    const signed = await call(googleLogin, { json: bodyFor(await signedByIssuer({ ...adult, birthdate: ADULT_DOB }), adult) });
    expect(signed.body.landing).toBe("/dashboard");
    expect((await userRow(adult.email)).dateOfBirth).toBe(ADULT_DOB);

    const young = identity();
    const refused = await call(googleLogin, { json: bodyFor(await signedByIssuer({ ...young, birthdate: dateOfBirthAged(15) }), young) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`You must be ${config.competition.minimumAge} or older to take part.`);
    expect(await userRow(young.email)).toBeUndefined();
  });

  it("ignores a birthdate without its year, as Google sends when the year is hidden", async () => {
    const who = identity();
    const first = await call(googleLogin, { json: bodyFor(await signedByIssuer({ ...who, birthdate: "0000-05-17" }), who) });
    expect(first.status).toBe(200);
    expect(landingOf(first.body).path).toBe("/profiledetails");
    expect((await userRow(who.email)).dateOfBirth).toBeNull();
  });
});
