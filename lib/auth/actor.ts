import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { users } from "@/db/schema";
import { getDb } from "@/lib/db";
import { VISITOR, type Actor, type ActiveUser } from "./permissions";

/**
 * The one place the acting user's role is read: their database row, loaded per request by the
 * route wrapper and by pages alike. A deleted account acts as a visitor.
 */
export async function loadActiveUser(userId: string | undefined): Promise<ActiveUser | null> {
  if (!userId) return null;
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user ?? null;
}

export async function actorFor(userId: string | undefined): Promise<Actor> {
  return (await loadActiveUser(userId)) ?? VISITOR;
}
