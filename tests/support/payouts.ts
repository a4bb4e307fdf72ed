import { randomBytes } from "node:crypto";
import { afterEach, beforeAll } from "vitest";
import { config } from "@/lib/config";

/**
 * The payout key of every test file that pays claims in the shared test database: the quarter's
 * tax export opens the PAN of every claim paid in it, whichever file paid it.
 */
const TEST_PAYOUT_KEY = Buffer.alloc(32, 42).toString("base64");

/** Seals this file's claims with TEST_PAYOUT_KEY, and puts back any payout setting a test changes. */
export function sealClaimsWithTestKey() {
  const saved = { ...config.payouts };
  beforeAll(() => {
    config.payouts.encryptionKey = TEST_PAYOUT_KEY;
  });
  afterEach(() => Object.assign(config.payouts, saved, { encryptionKey: TEST_PAYOUT_KEY }));
}

/** A PAN no other test's account has used (a PAN on another account's claim holds the claim). */
export function freshPan(): string {
  const letters = (count: number) => Array.from(randomBytes(count), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
  return `${letters(5)}${String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, "0")}${letters(1)}`;
}

export const ACCOUNT = "123456789012";
/** The PAN "ABCDE1234F" typed in lower case, used by several accounts across the suite: only for claims that are not approved. */
export const bankClaim = { method: "bank" as const, pan: "abcde1234f", ifsc: "sbin0001234", accountNumber: ACCOUNT };
export const claimWith = (pan: string) => ({ ...bankClaim, pan });
