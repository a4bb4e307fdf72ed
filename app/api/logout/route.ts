import { clearedSessionCookie } from "@/lib/auth";
import { route } from "@/lib/http";

/** Ends the session by expiring its cookie; a visitor's logout is answered the same way. */
export const POST = route({ can: "accounts.logout" }, async () =>
  Response.json({ message: "Logged out." }, { headers: { "set-cookie": clearedSessionCookie() } }),
);
