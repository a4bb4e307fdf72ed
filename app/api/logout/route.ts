import { logOut } from "@/lib/accounts";
import { clearedSessionCookie } from "@/lib/auth";
import { route } from "@/lib/http";

/** Ends the session for good (a replayed copy of the cookie too) and expires the cookie; a visitor's logout is answered the same way. */
export const POST = route({ can: "accounts.logout", does: "Ends the current session" }, async ({ actor, say }) => {
  await logOut(actor);
  return Response.json({ message: say("loggedOut") }, { headers: { "set-cookie": clearedSessionCookie() } });
});
