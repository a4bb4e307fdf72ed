import "server-only";
import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { authorize, isActiveUser, service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { isLanguage, type Language } from "@/lib/i18n/schemas";

/**
 * Everyone may choose a language (the browser keeps it in a cookie); a logged-in user's choice is
 * also kept with the account, for their other devices, e-mails and notifications.
 */
export const chooseLanguage = service("accounts.chooseLanguage", async (actor, language: Language): Promise<void> => {
  if (!isActiveUser(actor)) return;
  const db = await getDb();
  await db.update(users).set({ language }).where(eq(users.id, actor.id));
});

/** The language a user chose, or null if they never did (or the account is gone). */
export const savedLanguage = service("accounts.read", async (actor, userId: string): Promise<Language | null> => {
  authorize(actor, "accounts.read", userId);
  return storedLanguage(userId);
});

/** For this module's own mails: the account's language without a permission check. */
export async function storedLanguage(userId: string): Promise<Language | null> {
  const db = await getDb();
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return isLanguage(row?.language) ? row.language : null;
}
