import { clearedSessionCookie, isActiveUser } from "@/lib/auth";
import { route } from "@/lib/http";

/** Clears the cookie of an ended session and goes to the start page; a live session is left alone. */
export const GET = route({ can: "accounts.logout" }, async ({ actor }) => {
  const headers = new Headers({ location: "/" });
  if (!isActiveUser(actor)) headers.set("set-cookie", clearedSessionCookie());
  return new Response(null, { status: 303, headers });
});
