import { contactMessages } from "@/db/schema";
import { getDb } from "@/lib/db";
import type { ContactInput } from "./schemas";

/** Keeps a visitor's message for the support team to read. */
export async function saveContactMessage(input: ContactInput): Promise<void> {
  const db = await getDb();
  await db.insert(contactMessages).values(input);
}
