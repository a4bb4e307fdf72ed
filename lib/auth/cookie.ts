import { hkdfSync } from "node:crypto";
import { jwtDecrypt } from "jose";
import { encode } from "next-auth/jwt";
import { config } from "@/lib/config";
import { authSecret } from "./secret";

/** next-auth's own session cookie, so proxy.ts, getServerSession and signOut all read it. */
const secure = config.appUrl.startsWith("https://");
export const SESSION_COOKIE = secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
/** What a participant needs between two visits in a competition season; renewed while in use. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A session older than this gets a fresh cookie on its next successful call (route wrapper). */
const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

/**
 * Who the cookie says is logged in, and the user's session version when it was issued: a
 * logout, a password reset, a role change or deletion bumps the version in the database and
 * every older cookie stops working. The role is never in it: it is read from the database.
 */
export interface SessionClaims {
  userId: string;
  name: string;
  email: string;
  sessionVersion: number;
}

/** A genuine, unexpired session token, as read back from the cookie. */
export interface Session {
  userId: string;
  sessionVersion: number;
  /** Seconds since the epoch. */
  issuedAt: number;
}

function serialise(value: string, maxAge: number): string {
  const attributes = [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** A Set-Cookie header value that logs the user in at the given session version. */
export async function encodeSessionCookie(claims: SessionClaims): Promise<string> {
  const token = await encode({
    token: { sub: claims.userId, userId: claims.userId, name: claims.name, email: claims.email, sessionVersion: claims.sessionVersion },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return serialise(token, SESSION_MAX_AGE_SECONDS);
}

export function clearedSessionCookie(): string {
  return serialise("", 0);
}

/** Whether a session has been in use long enough to be given a fresh cookie. */
export function sessionNeedsRenewal(session: Session, nowSeconds = Date.now() / 1000): boolean {
  return nowSeconds - session.issuedAt > SESSION_RENEW_AFTER_SECONDS;
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** The claims of a decoded token (the cookie's, or the one next-auth hands its callbacks). */
export function sessionFromClaims(claims: Record<string, unknown> | null | undefined): Session | undefined {
  if (typeof claims?.userId !== "string" || typeof claims.sessionVersion !== "number") return undefined;
  return { userId: claims.userId, sessionVersion: claims.sessionVersion, issuedAt: typeof claims.iat === "number" ? claims.iat : 0 };
}

/**
 * The session a token carries, if the token is genuine and unexpired. Whether it still counts
 * (its version against the user's) is for the database to say: `loadActiveUser`.
 */
export async function readSessionToken(token: string | undefined): Promise<Session | undefined> {
  if (!token) return undefined;
  const key = sessionDecryptionKey();
  const known = key.genuineTokens.get(token);
  if (known) {
    if (known.expiresAt > Date.now() / 1000 - CLOCK_TOLERANCE_SECONDS) return known.session;
    key.genuineTokens.delete(token);
    return undefined;
  }
  try {
    const { payload } = await jwtDecrypt(token, await key.key, { clockTolerance: CLOCK_TOLERANCE_SECONDS });
    const session = sessionFromClaims(payload);
    if (session && typeof payload.exp === "number") remember(key.genuineTokens, token, { session, expiresAt: payload.exp });
    return session;
  } catch {
    return undefined;
  }
}

const CLOCK_TOLERANCE_SECONDS = 15;

/**
 * Tokens this instance has already decrypted and found genuine: a browser sends the same cookie
 * with every call, and on exam day decrypting it again (WebCrypto's AES-GCM, a thread-pool job per
 * call) was 4 % of the server's CPU. Only genuine tokens are kept, so garbage cannot fill it; each
 * is still checked for expiry on every read, and whether its session still counts is, as ever, the
 * database's to say. A cache, not state: another instance decrypts the token itself.
 */
interface GenuineToken {
  session: Session;
  /** Seconds since the epoch. */
  expiresAt: number;
}
/** Every participant of a big exam hall on one instance, at about half a kilobyte each. */
const GENUINE_TOKENS_KEPT = 20_000;

function remember(tokens: Map<string, GenuineToken>, token: string, genuine: GenuineToken) {
  // Oldest first out: a Map iterates in insertion order.
  if (tokens.size >= GENUINE_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, genuine);
}

let derivedKey: { secret: string; key: Promise<CryptoKey>; genuineTokens: Map<string, GenuineToken> } | undefined;

/**
 * The key next-auth derives from the secret for its encrypted tokens (HKDF-SHA256, its own
 * info string), derived and imported once, with the tokens it has opened: next-auth's `decode` derives it again and jose
 * imports it again for every request, 7 % of the server's CPU under exam-day load.
 */
function sessionDecryptionKey() {
  const secret = authSecret();
  if (derivedKey?.secret !== secret) {
    const bytes = hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32);
    // A new secret forgets the tokens the old one opened.
    derivedKey = { secret, key: crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["decrypt"]), genuineTokens: new Map() };
  }
  return derivedKey;
}

export function requestSession(request: { headers: Pick<Headers, "get"> }): Promise<Session | undefined> {
  return readSessionToken(readCookie(request.headers.get("cookie"), SESSION_COOKIE));
}

/** Enough for proxy.ts, which has no database, to route: is there a genuine session at all? */
export async function sessionUserId(request: Request): Promise<string | undefined> {
  return (await requestSession(request))?.userId;
}
