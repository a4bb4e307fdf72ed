import { decode, encode } from "next-auth/jwt";
import { config } from "@/lib/config";
import { authSecret } from "./secret";

/** next-auth's own session cookie, so proxy.ts, getServerSession and signOut all read it. */
const secure = config.appUrl.startsWith("https://");
export const SESSION_COOKIE = secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface SessionClaims {
  userId: string;
  role: "participant" | "admin";
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
    token: { sub: user.userId, userId: user.userId, role: user.role, name: user.name, email: user.email },
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
 * What a request's session cookie says, if the cookie is genuine and unexpired. Enough for the
 * proxy to route; route handlers read the user (and role) from the database instead.
 */
export async function sessionClaims(request: Request): Promise<Pick<SessionClaims, "userId" | "role"> | undefined> {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  if (!token) return undefined;
  try {
    const claims = await decode({ token, secret: authSecret() });
    if (typeof claims?.userId !== "string") return undefined;
    return { userId: claims.userId, role: claims.role === "admin" ? "admin" : "participant" };
  } catch {
    return undefined;
  }
}

export async function sessionUserId(request: Request): Promise<string | undefined> {
  return (await sessionClaims(request))?.userId;
}
