import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { appSecrets } from "@/db/schema";
import { getDb } from "@/lib/db";

const SECRET_NAME = "results-pseudonyms";

/** Crockford's base 32: no I, L, O or U, so a pseudonym read aloud or copied by hand stays unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * 12 symbols, 60 bits: among 20,000 participants of one quiz the chance that two share a
 * pseudonym is about 2 in 10 billion (with 40 bits it would be 2 in 10,000).
 */
const SYMBOLS = 12;

/**
 * Generated on first use and kept in the database, so every instance derives the same
 * pseudonyms and a revision of the results names everyone as the first publication did.
 */
let secret: Promise<Buffer> | undefined;

async function loadSecret(): Promise<Buffer> {
  const db = await getDb();
  await db.insert(appSecrets).values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") }).onConflictDoNothing();
  const [stored] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  return Buffer.from(stored.value, "base64url");
}

/**
 * How the public results file names a participant of a quiz, e.g. `P-7K3M-9QXA-H2TD`: an HMAC of
 * quiz and participant under a server secret. The same for the same pair every time, different
 * from quiz to quiz, and without the secret nobody can tell whose it is.
 */
export async function pseudonymOf(quizId: string, participantId: string): Promise<string> {
  secret ??= loadSecret().catch((error: unknown) => {
    secret = undefined;
    throw error;
  });
  const mac = createHmac("sha256", await secret).update(`${quizId}:${participantId}`).digest();
  // The first 60 bits, five at a time.
  const bits = mac.readBigUInt64BE(0) >> 4n;
  const symbols = Array.from({ length: SYMBOLS }, (_, index) => ALPHABET[Number((bits >> BigInt(5 * (SYMBOLS - 1 - index))) & 31n)]).join("");
  return `P-${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
}
