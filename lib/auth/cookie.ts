import { decode, encode } from "next-auth/jwt";
import { config } from "@/lib/config";
import { authSecret } from "./secret";

/** next-auth's own session cookie, so proxy.ts, getServerSession and signOut all read it. */
const secure = config.appUrl.startsWith("https://");
export const SESSION_COOKIE = secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Who the cookie says is logged in; the role is never in it, it is read from the database. */
export interface SessionClaims {
  userId: string;
  name: string;
  email: string;
}

function serialise(value: string, maxAge: number): string {
  const attributes = [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** A Set-Cookie header value that logs the user in. */
export async function sessionCookieFor(user: SessionClaims): Promise<string> {
  const token = await encode({
    token: { sub: user.userId, userId: user.userId, name: user.name, email: user.email },
    secret: authSecret(),
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return serialise(token, SESSION_MAX_AGE_SECONDS);
}

export function clearedSessionCookie(): string {
  return serialise("", 0);
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/**
 * The user id a session token carries, if the token is genuine and unexpired. Enough for the
 * proxy to route; who the user is and what they may do is read from the database.
 */
export async function sessionTokenUserId(token: string | undefined): Promise<string | undefined> {
  if (!token) return undefined;
  try {
    const claims = await decode({ token, secret: authSecret() });
    return typeof claims?.userId === "string" ? claims.userId : undefined;
  } catch {
    return undefined;
  }
}

export function sessionUserId(request: Request): Promise<string | undefined> {
  return sessionTokenUserId(readCookie(request.headers.get("cookie"), SESSION_COOKIE));
}
