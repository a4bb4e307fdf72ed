import "server-only";
import { hit, type RateLimitResult } from "@/lib/rate-limit";

/** Mails the app sends on request to one address: one a minute, five an hour. */
const MAILS_PER_ADDRESS = [
  { limit: 1, windowSeconds: 60 },
  { limit: 5, windowSeconds: 60 * 60 },
];

/** Counts a requested mail against `key` (a kind of mail and its recipient); refused past either limit. */
export async function mayMail(key: string): Promise<RateLimitResult> {
  for (const { limit, windowSeconds } of MAILS_PER_ADDRESS) {
    const result = await hit(`${key}:${windowSeconds}`, limit, windowSeconds);
    if (!result.allowed) return result;
  }
  return { allowed: true, retryAfterSeconds: 0 };
}
