import { clearedSessionCookie } from "@/lib/auth/session-cookie";
import { route } from "@/lib/http/route";

/** Ends the session by expiring its cookie (sessions are stateless signed cookies). */
export const POST = route({ auth: "public" }, async () =>
  Response.json({ message: "Logged out." }, { headers: { "set-cookie": clearedSessionCookie() } }),
);
