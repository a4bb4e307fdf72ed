import "server-only";
import { desc } from "drizzle-orm";
import { contactMessages } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { TooManyRequests } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { hit } from "@/lib/rate-limit";
import type { ContactInput } from "./schemas";

const MESSAGES_PER_MINUTE = 5;

/** Keeps a visitor's message for the support team to read; a few a minute per address, so it cannot be flooded. */
export const saveContactMessage = service("contact.send", async (_actor, input: ContactInput, ip: string): Promise<void> => {
  const limit = await hit(`contact:ip:${ip}`, MESSAGES_PER_MINUTE, 60);
  if (!limit.allowed) throw new TooManyRequests(message("tooManyContactMessages"), limit.retryAfterSeconds);
  const db = await getDb();
  await db.insert(contactMessages).values(input);
});

/** The newest messages first, for the admin panel. */
export const listContactMessages = service("contact.read", async (_actor, limit: number = 100) => {
  const db = await getDb();
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
});
