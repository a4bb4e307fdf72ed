import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { isActiveUser, member, service, type ActiveUser } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";

/**
 * Ends every session of the user: each cookie carries the session version it was issued at, and
 * the acting user is loaded only while it matches (lib/auth/actor.ts).
 */
async function revokeSessions(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
}

/**
 * A cookie cannot be recalled from a browser, so logging out also ends the user's other
 * sessions: a copied token replayed later must not work. A visitor's logout changes nothing.
 */
export const logOut = service("accounts.logout", async (actor): Promise<void> => {
  if (isActiveUser(actor)) await revokeSessions(await getDb(), actor.id);
});

/** The profile's "log out everywhere": for a lost phone or a shared computer. */
export const logOutEverywhere = service("accounts.logOutEverywhere", async (actor): Promise<void> => {
  await revokeSessions(await getDb(), member(actor).id);
});

/** An admin makes someone an admin or a participant; the user's sessions end with the old role. */
export const changeRole = service("users.changeRole", async (actor, userId: string, role: ActiveUser["role"]): Promise<ActiveUser> => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("update");
    if (!current) throw new NotFound(message("accountNotFound"));
    const [user] = await tx
      .update(users)
      .set({ role, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
    if (current.role !== user.role) {
      await recordAudit(tx, actor, { action: "user.role", subjectType: "user", subjectId: userId, before: { role: current.role }, after: { role: user.role } });
    }
    return user;
  });
});
