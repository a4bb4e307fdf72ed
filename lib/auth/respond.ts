import { sessionCookieFor } from "./actor";
import { can, type ActiveUser } from "./permissions";

/** Where a user starts after logging in: the admin panel for whoever may use it, else the dashboard. */
export function landingPath(user: ActiveUser): string {
  return can(user, "admin.panel") ? "/adminpanel" : "/dashboard";
}

/**
 * The signed-in account as the sign-in service gave it (SPEC's User: userType, not role), with
 * the session cookie that logs the user in, and where the browser goes next.
 */
export async function loggedInResponse(user: ActiveUser, message: string, status = 200): Promise<Response> {
  const cookie = await sessionCookieFor(user);
  const { role, ...account } = user;
  return Response.json(
    { message, user: { ...account, userType: role }, landing: landingPath(user) },
    { status, headers: { "set-cookie": cookie } },
  );
}
