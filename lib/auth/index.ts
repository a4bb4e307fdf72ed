import "server-only";

/** Who is acting and what they may do: sessions, the acting user, permissions. */
export { actorFor, renewedSessionCookie, sessionCookieFor } from "./actor";
export { clearedSessionCookie, requestSession, sessionNeedsRenewal, type Session } from "./cookie";
export { authOptions } from "./options";
export {
  ACTIONS,
  authorize,
  can,
  canActOnAnyone,
  isActiveUser,
  member,
  PERMISSIONS,
  service,
  step,
  SYSTEM,
  VISITOR,
  type Action,
  type ActiveUser,
  type Actor,
} from "./permissions";
export { landingPath, loggedInResponse } from "./respond";
export { grantedToEveryMember, sessionService } from "./session-service";
export { hasValidSignature, signValue } from "./signing";
export { currentActor, currentUser, requirePermission } from "./viewer";
