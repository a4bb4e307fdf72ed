import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { getDb, prepared } from "@/lib/db";
import { encodeSessionCookie, type Session } from "./cookie";
import { VISITOR, type Actor, type ActiveUser } from "./permissions";

/**
 * The one place the acting user's role is read: their database row, loaded per request by the
 * route wrapper and by pages alike. A deleted account, or a session issued before the user's
 * last logout, password reset or role change (an older session version), acts as a visitor.
 */
/** Every call of a logged-in user reads this: prepared on each connection (lib/db `prepared`). */
const activeUser = prepared((db) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, sql.placeholder("userId")), isNull(users.deletedAt)))
    .prepare("auth.active-user"),
);

export async function loadActiveUser(session: Session | undefined): Promise<ActiveUser | null> {
  if (!session) return null;
  const [user] = await activeUser(await getDb()).execute({ userId: session.userId });
  if (!user || user.sessionVersion !== session.sessionVersion) return null;
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

export async function actorFor(session: Session | undefined): Promise<Actor> {
  return (await loadActiveUser(session)) ?? VISITOR;
}

/** A Set-Cookie header value that logs the user in, at their current session version. */
export async function sessionCookieFor(user: Pick<ActiveUser, "id" | "name" | "email">): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ sessionVersion: users.sessionVersion }).from(users).where(eq(users.id, user.id));
  return encodeSessionCookie({ userId: user.id, name: user.name, email: user.email, sessionVersion: row?.sessionVersion ?? 0 });
}

/** The same session in a fresh cookie with a new seven days: for a session still in use. */
export function renewedSessionCookie(user: ActiveUser, session: Session): Promise<string> {
  return encodeSessionCookie({ userId: user.id, name: user.name, email: user.email, sessionVersion: session.sessionVersion });
}
