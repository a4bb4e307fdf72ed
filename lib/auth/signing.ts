import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "./secret";

/**
 * Signs values with the session secret, for links the app mails and later trusts (no table
 * needed). The purpose is signed too, so a signature made for one use never passes for another.
 */
export function signValue(purpose: string, ...parts: string[]): string {
  return createHmac("sha256", authSecret()).update([purpose, ...parts].join("\0")).digest("base64url");
}

export function hasValidSignature(signature: string, purpose: string, ...parts: string[]): boolean {
  const expected = Buffer.from(signValue(purpose, ...parts));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
