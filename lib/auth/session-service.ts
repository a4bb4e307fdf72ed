import { Unauthenticated } from "@/lib/errors";
import type { Session } from "./cookie";
import { PERMISSIONS, type Action } from "./permissions";

/** Whether being logged in with a current session is all the permission `action` needs. */
export function grantedToEveryMember(action: Action): boolean {
  return PERMISSIONS.participant[action] === "own" && PERMISSIONS.admin[action] !== undefined;
}

export interface SessionService<Args extends unknown[], Result> {
  (session: Session, ...args: Args): Promise<Result>;
  readonly permission: Action;
}

/**
 * A door function for the hottest path of exam day, that identifies its caller itself: its one
 * read checks the session against the user's row (not deleted, same session version) together
 * with its own data, saving the route wrapper's lookup (`route({ identifiedBy: "service" })`).
 * Only for an action every logged-in user may do on their own data, so a current session is all
 * the permission there is; the body must refuse (Unauthenticated) a session its read finds ended.
 */
export function sessionService<Args extends unknown[], Result>(action: Action, body: (session: Session, ...args: Args) => Promise<Result>): SessionService<Args, Result> {
  if (!grantedToEveryMember(action)) throw new Error(`${action} is not granted to every logged-in user on their own data`);
  const guarded = async (session: Session, ...args: Args) => {
    // A visitor (or an actor handed in by mistake) carries no session at all.
    if (typeof session?.userId !== "string" || typeof session.sessionVersion !== "number") throw new Unauthenticated();
    return body(session, ...args);
  };
  return Object.assign(guarded, { permission: action });
}
