import { z } from "zod";
import { FIELDS_REQUIRED, PROOF_AND_NAME_REQUIRED, UTR_FORMAT, UTR_REQUIRED } from "@/lib/catalogue";
import { personName, rupees, text } from "@/lib/validation";

/** Shared by the payment and wallet forms in the browser and the /api/wallet handlers. */

/** The ledger's reasons for wallet rows, as stored (SPEC's transReason values). */
export const REASONS = {
  topUp: "walletAddMoney",
  withdrawal: "walletWithdrawMoney",
  referral: "referralReward",
  freePassEntry: "freePassEntry",
  /** A gateway payment for an entry fee that could no longer be one (paid twice, the seat gone): the payer's money, in their wallet. */
  gatewayPaymentKept: "gatewayPaymentKept",
  /** Money given back through the gateway's refund API, out of the wallet it was credited to. */
  gatewayRefund: "gatewayRefund",
} as const;

export type TransactionStatus = "pending" | "verified" | "rejected";
export type TransactionType = "credit" | "debit" | "form pay";
export type PaymentMode = "upi" | "wallet" | "gateway";

/**
 * The one catalogue of words a person reads for a ledger row (SPEC §10, "Labels a person can
 * read"): the participant's wallet and profile tables and the admins' Transaction Management.
 */
const REASON_LABELS: Record<string, string> = {
  [REASONS.topUp]: "Money added to wallet",
  [REASONS.withdrawal]: "Withdrawal from wallet",
  [REASONS.referral]: "Referral reward",
  [REASONS.freePassEntry]: "Entry fee paid by a free pass",
  [REASONS.gatewayPaymentKept]: "Payment kept in wallet: it could not be an entry fee",
  [REASONS.gatewayRefund]: "Refund through the payment gateway",
};

const KIND_LABELS: Record<TransactionType, Record<PaymentMode, string>> = {
  credit: { upi: "Added by UPI", wallet: "Credited to wallet", gateway: "Added through the payment gateway" },
  debit: { upi: "Paid out by UPI", wallet: "Paid from wallet", gateway: "Refunded through the payment gateway" },
  "form pay": { upi: "Paid by UPI", wallet: "Paid from wallet", gateway: "Paid through the payment gateway" },
};

interface LedgerRow {
  type: TransactionType;
  mode: PaymentMode;
  reason: string;
  /** The quiz an entry fee paid for. */
  quizTitle: string | null;
}

/** What the money was for. A reason without a label still reads as a sentence: a camelCase code is spelt out. */
export function transactionPurpose(row: LedgerRow): string {
  if (row.type === "form pay" && row.quizTitle) return `Entry fee for ${row.quizTitle}`;
  const code = !/\s/.test(row.reason);
  const words = REASON_LABELS[row.reason] ?? (code ? row.reason.replace(/(?<=[a-z])(?=[A-Z])/g, " ").toLowerCase() : row.reason);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Which way the money went, and how: a free pass is a prize in kind, not the wallet's money. */
export function transactionKind(row: Pick<LedgerRow, "type" | "mode"> & { reason?: string }): string {
  if (row.type === "form pay" && row.reason === REASONS.freePassEntry) return "Paid by a free pass";
  return KIND_LABELS[row.type][row.mode];
}

/** The spec's paysnapurl: the /api/files/{id} address that /api/upload returned. */
const proofUrl = (message: string) =>
  text("The payment screenshot", message)
    .regex(/\/api\/files\/[0-9a-f-]{36}$/i, message)
    .transform((url) => url.slice(-36));

const amount = rupees("The amount", { required: FIELDS_REQUIRED });
const payeeName = (message: string) => personName("The name", message).min(1, message).max(100, "The name must be at most 100 characters.");

/** A UPI transaction reference (UTR, SPEC's paymentId): 12 digits. */
const UTR_PATTERN = /^\d{12}$/;

/** The payment forms' UTR field: required for a UPI payment, 12 digits (spaces the payment app puts in are dropped). */
const utrField = text("The UPI transaction reference", UTR_REQUIRED)
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(1, UTR_REQUIRED).regex(UTR_PATTERN, UTR_FORMAT));

/** What a form shows for a UTR the payer typed, or undefined when it is fine. */
export function utrProblem(value: string): string | undefined {
  const parsed = utrField.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The API's paymentId: optional, so SPEC §7 clients that send none keep working (the payment is
 * then shown as "Not given" and only its screenshot is checked), but a given one must be a UTR.
 */
const upiReference = text("The UPI transaction reference")
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().refine((value) => value === "" || UTR_PATTERN.test(value), UTR_FORMAT))
  .optional();
/** Accepted for the spec's payload; the payer is always the logged-in user. */
const userId = text("userId").max(100).optional();

/** UPI transaction ids (UTRs) are case-insensitive: stored trimmed and upper-case, blank as none. */
export function normalisePaymentReference(reference: string | null | undefined): string | null {
  return reference?.trim().toUpperCase() || null;
}

/** POST /api/wallet/credit: an entry fee paid by UPI, or money added to the wallet. */
export const creditSchema = z.discriminatedUnion("paymentType", [
  z.object({
    paymentType: z.literal("form pay"),
    quizId: z.uuid("Quiz not found."),
    payeeName: payeeName(PROOF_AND_NAME_REQUIRED),
    paysnapurl: proofUrl(PROOF_AND_NAME_REQUIRED),
    paymentId: upiReference,
    userId,
  }),
  z.object({
    paymentType: z.literal("credit"),
    amount,
    payeeName: payeeName(FIELDS_REQUIRED),
    paysnapurl: proofUrl("Please upload a payment screenshot."),
    paymentId: upiReference,
    userId,
  }),
], { error: "paymentType must be 'form pay' or 'credit'." });

/** POST /api/wallet/debit: a withdrawal, or an entry fee paid from the wallet. */
export const debitSchema = z.discriminatedUnion("paymentType", [
  z.object({
    paymentType: z.literal("debit"),
    amount,
    payeeName: payeeName(FIELDS_REQUIRED),
    upiId: text("The UPI id", FIELDS_REQUIRED).trim().regex(/^[\w.-]{2,256}@[a-zA-Z]{2,64}$/, "Enter a valid UPI id, like name@bank."),
    userId,
  }),
  z.object({
    paymentType: z.literal("form pay"),
    paymentMode: z.literal("wallet"),
    quizId: z.uuid("Quiz not found."),
    userId,
  }),
], { error: "paymentType must be 'debit' or 'form pay'." });

export const reviewSchema = z.object({
  paymentVerified: z.enum(["pending", "verified", "rejected"], { error: "paymentVerified must be pending, verified or rejected." }),
  /** Not in the spec: why the admin decides so; required to verify a payment something calls into question. */
  reason: z.preprocess((value) => (value === "" ? undefined : value), text("The reason").trim().min(1).max(300, "The reason must be at most 300 characters.").optional()),
});
export type CreditInput = z.output<typeof creditSchema>;
export type DebitInput = z.output<typeof debitSchema>;
