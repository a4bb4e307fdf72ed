import { sessionCookieFor } from "./cookie";
import type { ActiveUser } from "./permissions";

/** The spec's user shape (userType, not role) with the session cookie that logs the user in. */
export async function loggedInResponse(user: ActiveUser, message: string, status = 200): Promise<Response> {
  const cookie = await sessionCookieFor({ userId: user.id, name: user.name, email: user.email });
  return Response.json(
    { message, user: { id: user.id, name: user.name, email: user.email, userType: user.role } },
    { status, headers: { "set-cookie": cookie } },
  );
}
