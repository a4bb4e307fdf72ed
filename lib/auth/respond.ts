import { dateOfBirthStep } from "@/lib/accounts/steps";
import { sessionCookieFor } from "./actor";
import { can, type ActiveUser } from "./permissions";

/** Who just logged in; `needsDateOfBirth` when the account has none yet (Google's first visit). */
type LoggedInUser = ActiveUser & { needsDateOfBirth?: boolean };

/**
 * Where a user starts after logging in: the admin panel for whoever may use it, else the
 * dashboard, by way of the date-of-birth step for a participant who has not given it.
 */
export function landingPath(user: LoggedInUser): string {
  if (can(user, "admin.panel")) return "/adminpanel";
  return user.needsDateOfBirth ? dateOfBirthStep("/dashboard") : "/dashboard";
}

/**
 * The signed-in account as the sign-in service gave it (SPEC's User: userType, not role), with
 * the session cookie that logs the user in, and where the browser goes next.
 */
export async function loggedInResponse(user: LoggedInUser, message: string, status = 200): Promise<Response> {
  const cookie = await sessionCookieFor(user);
  const { role, ...account } = user;
  return Response.json(
    { message, user: { ...account, userType: role }, landing: landingPath(user) },
    { status, headers: { "set-cookie": cookie } },
  );
}
