import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { SignJWT } from "jose";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as googleLogin } from "@/app/api/google-login/route";
import { closeDatabase } from "@/lib/db";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";

const CLIENT_ID = "olympiad-test-client";
const issuer = new OAuth2Server();

beforeAll(async () => {
  await issuer.issuer.keys.generate("RS256");
  // The port vitest.config.ts names in GOOGLE_ISSUER and GOOGLE_JWKS_URL.
  await issuer.start(47231, "127.0.0.1");
});

afterAll(async () => {
  await issuer.stop();
  await closeDatabase();
});

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
  it("accepts a token signed by the issuer and creates a participant once", async () => {
    const who = identity();
    const first = await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: who.email, name: who.name, userType: "participant" });
    expect(first.response.headers.get("set-cookie")).toMatch(/session-token=/);

    const again = await call(googleLogin, { json: bodyFor(await signedByIssuer(who), who) });
    expect((again.body.user as { id: string }).id).toBe((first.body.user as { id: string }).id);
  });

  it("refuses a forged, unsigned token", async () => {
    const who = identity();
    const unsigned = `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ iss: "http://localhost:47231", aud: CLIENT_ID, ...who, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    const { status, body } = await call(googleLogin, { json: bodyFor(unsigned, who) });
    expect(status).toBe(401);
    expect(body).toEqual({ message: "Authentication failed" });
  });

  it("refuses a token signed with someone else's key", async () => {
    const who = identity();
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forged = await new SignJWT({ ...who, email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .setIssuer("http://localhost:47231")
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
});
