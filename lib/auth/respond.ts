import { sessionCookieFor } from "./actor";
import { can, type ActiveUser } from "./permissions";

/** Where a user starts after logging in: the admin panel for whoever may use it, else the dashboard. */
export function landingPath(user: ActiveUser): string {
  return can(user, "admin.panel") ? "/adminpanel" : "/dashboard";
}

/**
 * The spec's user shape (userType, not role) with the session cookie that logs the user in, and
 * where the browser goes next.
 */
export async function loggedInResponse(user: ActiveUser, message: string, status = 200): Promise<Response> {
  const cookie = await sessionCookieFor(user);
  return Response.json(
    { message, user: { id: user.id, name: user.name, email: user.email, userType: user.role }, landing: landingPath(user) },
    { status, headers: { "set-cookie": cookie } },
  );
}
