import { z } from "zod";
import { FIELDS_REQUIRED, PROOF_AND_NAME_REQUIRED } from "@/lib/messages";

/** Shared by the payment and wallet forms in the browser and the /api/wallet handlers. */

/** The ledger's reasons for wallet rows, as stored (SPEC's transReason values). */
export const REASONS = { topUp: "walletAddMoney", withdrawal: "walletWithdrawMoney", referral: "referralReward" } as const;

export type TransactionStatus = "pending" | "verified" | "rejected";

/** The spec's paysnapurl: the /api/files/{id} address that /api/upload returned. */
const proofUrl = (message: string) =>
  z
    .string({ error: message })
    .regex(/\/api\/files\/[0-9a-f-]{36}$/i, message)
    .transform((url) => url.slice(-36));

const rupees = (message: string) =>
  z.coerce.number({ error: message }).refine((value) => Number.isFinite(value) && value >= 1, message).refine(
    // 19.99 * 100 is 1998.9999999999998 in floating point: compare within a millionth of a paisa.
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    "Enter an amount in rupees with at most two decimals.",
  );

const upiReference = z.string().trim().max(64, "The transaction id is too long.").optional();

/** UPI transaction ids (UTRs) are case-insensitive: stored trimmed and upper-case, blank as none. */
export function normalisePaymentReference(reference: string | null | undefined): string | null {
  return reference?.trim().toUpperCase() || null;
}

/** POST /api/wallet/credit: an entry fee paid by UPI, or money added to the wallet. */
export const creditSchema = z.discriminatedUnion("paymentType", [
  z.object({
    paymentType: z.literal("form pay"),
    quizId: z.uuid("Quiz not found."),
    payeeName: z.string({ error: PROOF_AND_NAME_REQUIRED }).trim().min(1, PROOF_AND_NAME_REQUIRED).max(100),
    paysnapurl: proofUrl(PROOF_AND_NAME_REQUIRED),
    paymentId: upiReference,
    userId: z.string().optional(),
  }),
  z.object({
    paymentType: z.literal("credit"),
    amount: rupees(FIELDS_REQUIRED),
    payeeName: z.string({ error: FIELDS_REQUIRED }).trim().min(1, FIELDS_REQUIRED).max(100),
    paysnapurl: proofUrl("Please upload a payment screenshot."),
    paymentId: upiReference,
    userId: z.string().optional(),
  }),
], { error: "paymentType must be 'form pay' or 'credit'." });

/** POST /api/wallet/debit: a withdrawal, or an entry fee paid from the wallet. */
export const debitSchema = z.discriminatedUnion("paymentType", [
  z.object({
    paymentType: z.literal("debit"),
    amount: rupees(FIELDS_REQUIRED),
    payeeName: z.string({ error: FIELDS_REQUIRED }).trim().min(1, FIELDS_REQUIRED).max(100),
    upiId: z.string({ error: FIELDS_REQUIRED }).trim().regex(/^[\w.-]{2,256}@[a-zA-Z]{2,64}$/, "Enter a valid UPI id, like name@bank."),
    userId: z.string().optional(),
  }),
  z.object({
    paymentType: z.literal("form pay"),
    paymentMode: z.literal("wallet"),
    quizId: z.uuid("Quiz not found."),
    userId: z.string().optional(),
  }),
], { error: "paymentType must be 'debit' or 'form pay'." });

export const reviewSchema = z.object({
  paymentVerified: z.enum(["pending", "verified", "rejected"], { error: "paymentVerified must be pending, verified or rejected." }),
});
export type CreditInput = z.output<typeof creditSchema>;
export type DebitInput = z.output<typeof debitSchema>;
