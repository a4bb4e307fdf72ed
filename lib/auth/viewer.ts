import "server-only";
import { cache } from "react";
import { loadActiveUser } from "./actor";
import { SESSION_COOKIE, sessionTokenUserId } from "./cookie";
import { can, VISITOR, type Action, type Actor, type ActiveUser } from "./permissions";

/*
 * Next's request helpers are loaded when a page asks, not with this module: scripts and jobs
 * import the auth door too, outside any request and without Next's React.
 */
async function cookieUserId(): Promise<string | undefined> {
  const { cookies } = await import("next/headers");
  return sessionTokenUserId((await cookies()).get(SESSION_COOKIE)?.value);
}

/** The logged-in user of this page, or null for a visitor: read once per request (layout and page share it). */
export const currentUser = cache(async (): Promise<ActiveUser | null> => loadActiveUser(await cookieUserId()));

/** Whoever is looking at this page: the logged-in user from the database, or the visitor. */
export async function currentActor(): Promise<Actor> {
  return (await currentUser()) ?? VISITOR;
}

/**
 * Pages call this as well as proxy.ts: a page never trusts that the gate ran. A visitor goes to
 * the start page, a user without the permission to /unauthorized.
 */
export async function requirePermission(action: Action): Promise<ActiveUser> {
  const user = await currentUser();
  if (user && can(user, action)) return user;
  const { redirect } = await import("next/navigation");
  return redirect(user ? "/unauthorized" : "/");
}
