import { logOutEverywhere } from "@/lib/accounts";
import { clearedSessionCookie } from "@/lib/auth";
import { route } from "@/lib/http";

/** Ends every session of the user, on every device, and this browser's cookie. */
export const POST = route({ can: "accounts.logOutEverywhere", does: "Ends every session of the caller" }, async ({ actor, say }) => {
  await logOutEverywhere(actor);
  return Response.json({ message: say("loggedOutEverywhere") }, { headers: { "set-cookie": clearedSessionCookie() } });
});
