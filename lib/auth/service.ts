import { and, eq, isNull } from "drizzle-orm";
import { users } from "@/db/schema";
import { getDb } from "@/lib/db";
import { verifyPassword } from "./password";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: "participant" | "admin";
}

export async function authenticateWithPassword(email: string, password: string): Promise<SessionUser | null> {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) return null;
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

/** The role always comes from the database, never from the client. */
export async function currentRole(userId: string): Promise<SessionUser["role"] | null> {
  const db = await getDb();
  const [user] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user?.role ?? null;
}
