import "server-only";
import { cache } from "react";
import { loadActiveUser } from "./actor";
import { readSessionToken, SESSION_COOKIE, type Session } from "./cookie";
import { can, VISITOR, type Action, type Actor, type ActiveUser } from "./permissions";

/*
 * Next's request helpers are loaded when a page asks, not with this module: scripts and jobs
 * import the auth door too, outside any request and without Next's React.
 */
async function cookieSession(): Promise<Session | undefined> {
  const { cookies } = await import("next/headers");
  return readSessionToken((await cookies()).get(SESSION_COOKIE)?.value);
}

/** The logged-in user of this page, or null for a visitor: read once per request (layout and page share it). */
export const currentUser = cache(async (): Promise<ActiveUser | null> => loadActiveUser(await cookieSession()));

/** Whoever is looking at this page: the logged-in user from the database, or the visitor. */
export async function currentActor(): Promise<Actor> {
  return (await currentUser()) ?? VISITOR;
}

/**
 * Where a browser whose session has ended (logged out elsewhere, password reset) is sent: a
 * route, not a page, so even a client-side navigation loads it whole, the cookie is cleared and
 * the start page is drawn afresh, its navigation bar included.
 */
const SESSION_ENDED_PATH = "/api/session-ended";

/**
 * Pages call this as well as proxy.ts: a page never trusts that the gate ran. A visitor goes to
 * the start page (by way of SESSION_ENDED_PATH if their session has ended), a user without the
 * permission to /unauthorized.
 */
export async function requirePermission(action: Action): Promise<ActiveUser> {
  const user = await currentUser();
  if (user && can(user, action)) return user;
  const { redirect } = await import("next/navigation");
  if (user) return redirect("/unauthorized");
  return redirect((await cookieSession()) ? SESSION_ENDED_PATH : "/");
}
