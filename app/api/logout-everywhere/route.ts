import { logOutEverywhere } from "@/lib/accounts";
import { clearedSessionCookie } from "@/lib/auth";
import { route } from "@/lib/http";
import { LOGGED_OUT_EVERYWHERE } from "@/lib/messages";

/** Ends every session of the user, on every device, and this browser's cookie. */
export const POST = route({ can: "accounts.logOutEverywhere" }, async ({ actor }) => {
  await logOutEverywhere(actor);
  return Response.json({ message: LOGGED_OUT_EVERYWHERE }, { headers: { "set-cookie": clearedSessionCookie() } });
});
