import { randomBytes } from "node:crypto";

/**
 * Imported before anything that reads lib/config (which reads the environment once): a bench
 * that issues sessions itself gives its server this same secret.
 */
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
export const SESSION_SECRET = process.env.NEXTAUTH_SECRET;
