import { clearedSessionCookie, isActiveUser } from "@/lib/auth";
import { route } from "@/lib/http";

/**
 * Clears the cookie of an ended session and moves on to the start page. A plain page rather
 * than a redirect: the app's router, arriving here by a client-side navigation, then loads it
 * whole, so the start page that follows is drawn afresh for a visitor (its navigation bar too).
 * A live session is left alone.
 */
export const GET = route({ can: "accounts.logout", does: "Clears the cookie of a session that has ended" }, async ({ actor }) => {
  const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  if (!isActiveUser(actor)) headers.set("set-cookie", clearedSessionCookie());
  const page = '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>Logged out</title><p>You are logged out. <a href="/">Go to the start page</a>.</p>';
  return new Response(page, { headers });
});
