import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { paymentFlags, transactions, uploads } from "@/db/schema";
import { config } from "@/lib/config";
import type { DatabaseTransaction } from "@/lib/db";

/** One transaction-scoped lock for every UPI payment's checks: two copies submitted at once still see each other. */
const FRAUD_CHECK_LOCK = sql`pg_advisory_xact_lock(hashtext('payment-fraud-checks'))`;

export async function lockFraudChecks(tx: DatabaseTransaction): Promise<void> {
  await tx.execute(sql`select ${FRAUD_CHECK_LOCK}`);
}

/**
 * Compares a UPI payment just recorded with every earlier one and writes a flag for each
 * likeness: its UTR was used before; its screenshot is the same file (SHA-256); or the same
 * picture re-encoded or cropped (64-bit dHashes within PAYMENT_SCREENSHOT_MATCH_DISTANCE bits).
 * Each flag names the earliest such payment (for a similar picture, the closest). Nothing is
 * refused: the admin decides. Runs after `lockFraudChecks`, in the payment's transaction.
 */
export async function flagLikelyReuse(tx: DatabaseTransaction, payment: { id: string; paymentReference: string | null; proofUploadId: string | null }) {
  const flags: (typeof paymentFlags.$inferInsert)[] = [];
  if (payment.paymentReference) {
    const [earlier] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.paymentReference, payment.paymentReference), ne(transactions.id, payment.id)))
      .orderBy(asc(transactions.createdAt), asc(transactions.id))
      .limit(1);
    if (earlier) flags.push({ transactionId: payment.id, reason: "reference-reused", earlierTransactionId: earlier.id });
  }
  const [proof] = payment.proofUploadId
    ? await tx.select({ sha256: uploads.sha256, dhash: uploads.dhash, dhashCrops: uploads.dhashCrops }).from(uploads).where(eq(uploads.id, payment.proofUploadId))
    : [];
  if (proof?.sha256) {
    const [same] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .innerJoin(uploads, eq(uploads.id, transactions.proofUploadId))
      .where(and(eq(uploads.sha256, proof.sha256), ne(transactions.id, payment.id)))
      .orderBy(asc(transactions.createdAt), asc(transactions.id))
      .limit(1);
    if (same) flags.push({ transactionId: payment.id, reason: "same-screenshot", earlierTransactionId: same.id });
  }
  const threshold = config.paymentChecks.screenshotMatchDistance;
  if (proof?.dhash != null && threshold > 0 && !flags.some((flag) => flag.reason === "same-screenshot")) {
    // The closer of: the two full pictures; this one against a crop of the earlier (this one was
    // cropped); a crop of this one against the earlier (the earlier was the cropped copy).
    const crops = `{${(proof.dhashCrops ?? []).join(",")}}`;
    const distance = sql<number>`least(
      bit_count((${uploads.dhash} # ${proof.dhash})::bit(64)),
      (select min(bit_count((earlier_crop # ${proof.dhash})::bit(64))) from unnest(${uploads.dhashCrops}) earlier_crop),
      (select min(bit_count((${uploads.dhash} # own_crop)::bit(64))) from unnest(${crops}::bigint[]) own_crop)
    )::int`;
    const [similar] = await tx
      .select({ id: transactions.id, distance })
      .from(transactions)
      .innerJoin(uploads, eq(uploads.id, transactions.proofUploadId))
      .where(and(ne(transactions.id, payment.id), sql`${uploads.dhash} is not null`, sql`${distance} <= ${threshold}`))
      .orderBy(asc(distance), asc(transactions.createdAt), asc(transactions.id))
      .limit(1);
    if (similar) flags.push({ transactionId: payment.id, reason: "similar-screenshot", earlierTransactionId: similar.id, distance: similar.distance });
  }
  if (flags.length) await tx.insert(paymentFlags).values(flags);
  return flags;
}
