import "server-only";
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import { DomainError } from "@/lib/errors";
import { message } from "@/lib/catalogue";

/**
 * PAN and bank details at rest: AES-256-GCM with the key from PAYOUT_ENCRYPTION_KEY, a fresh
 * 96-bit nonce per value, and the claim's quiz and participant as associated data, so a
 * ciphertext copied onto another row does not open. Stored as "v1." + base64(nonce | tag | data).
 * Without a key nothing is sealed or opened, and claims are refused (503).
 */

const VERSION = "v1.";

function key(): Buffer {
  const encoded = config.payouts.encryptionKey;
  if (!encoded) throw new DomainError(message("payoutsNotConfigured"), 503);
  return Buffer.from(encoded, "base64");
}

/** Throws the 503 unless a key is configured: checked before a claim reads anything else. */
export function assertSealingConfigured(): void {
  key();
}

export function seal(plaintext: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), data]).toString("base64");
}

export function open(sealed: string, context: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error("Unknown sealed-value format.");
  const bytes = Buffer.from(sealed.slice(VERSION.length), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

/** The associated data binding a sealed value to its claim. */
export const claimContext = (quizId: string, participantId: string) => `prize-claim:${quizId}:${participantId}`;

/**
 * The PAN's fingerprint, to find a PAN used by another account without opening any ciphertext:
 * HMAC-SHA256 of the normalised PAN (no spaces, upper-case) under a key derived from
 * PAYOUT_ENCRYPTION_KEY for this purpose only. Without the key it cannot be recomputed, so the
 * column does not give PANs away to a reader of the database (a PAN has too few values for a plain hash).
 */
export function panHash(pan: string): string {
  const hashKey = createHmac("sha256", key()).update("olympiad/pan-hash/v1").digest();
  return createHmac("sha256", hashKey).update(pan.replace(/\s+/g, "").toUpperCase(), "utf8").digest("hex");
}
