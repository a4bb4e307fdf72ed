import { randomInt } from "node:crypto";

/** No 0/O or 1/I/L: codes are read aloud and typed from screenshots. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 8;

/** About 8.5e11 codes: unguessable enough that a referral link cannot be enumerated. */
export function generateReferralCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
