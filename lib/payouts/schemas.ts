import { z } from "zod";
import { text } from "@/lib/validation";

/**
 * Shared by the claim form in the browser and the /api/prizes handlers: the formats of PAN, UPI
 * id and bank account, their masks, and the tax rule. Client-safe.
 */

/** PAN: five letters, four digits, a letter (AAAAA9999A); typed in any case, kept upper-case. */
export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A bank account number: 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const UPI_PATTERN = /^[\w.-]{2,256}@[a-zA-Z]{2,64}$/;

const upperCode = (label: string, pattern: RegExp, message: string) =>
  text(label, `${label} is required.`)
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(pattern, message));

export const pan = () => upperCode("The PAN", PAN_PATTERN, "Enter a valid PAN, like ABCDE1234F.");
export const ifsc = () => upperCode("The IFSC", IFSC_PATTERN, "Enter a valid IFSC, like SBIN0001234.");
export const accountNumber = () =>
  text("The account number", "The account number is required.")
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(ACCOUNT_NUMBER_PATTERN, "The account number must be 9 to 18 digits."));
export const upiId = () => text("The UPI id", "The UPI id is required.").trim().regex(UPI_PATTERN, "Enter a valid UPI id, like name@bank.");

/** POST /api/prizes/[quizId]/claim: PAN and either a UPI id or a bank account. */
export const claimSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("upi"), pan: pan(), upiId: upiId() }),
  z.object({ method: z.literal("bank"), pan: pan(), ifsc: ifsc(), accountNumber: accountNumber() }),
], { error: "Choose how you want to be paid: UPI or bank account." });
export type ClaimInput = z.output<typeof claimSchema>;

/** The payout details that get sealed: what the admin needs to pay. */
export type PayoutAccount = { method: "upi"; upiId: string } | { method: "bank"; ifsc: string; accountNumber: string };

/** POST /api/admin/prize-claims/[id]/paid: the bank's (or UPI app's) reference for the transfer. */
export const markPaidSchema = z.object({
  bankReference: text("The bank reference", "The bank reference is required.").trim().min(4, "The bank reference is too short.").max(64, "The bank reference is too long."),
});

/** GET /api/admin/prize-claims/tax.csv?quarter=2026-Q3 */
export const quarterSchema = z.object({
  quarter: text("The quarter").regex(/^\d{4}-Q[1-4]$/, "The quarter must look like 2026-Q3."),
});

const DOTS = "••••";

/** "ABCDE••••F": the holder can recognise it, a reader cannot use it. */
export function maskPan(value: string): string {
  return `${value.slice(0, 5)}${DOTS}${value.slice(-1)}`;
}

/** "••••1234" for an account (with its IFSC, which is public), "na••••@bank" for a UPI id. */
export function maskAccount(account: PayoutAccount): string {
  if (account.method === "bank") return `${account.ifsc} ${DOTS}${account.accountNumber.slice(-4)}`;
  const [name, handle] = account.upiId.split("@");
  return `${name.slice(0, 2)}${DOTS}@${handle}`;
}

/**
 * Tax withheld, in integer paise: nothing up to the threshold, above it the rate on the whole
 * prize, rounded down to the paisa (so the winner is never short-changed by rounding; the net is
 * the prize less the tax, so the two always add up to the prize).
 */
export function taxOn(grossPaise: number, rule: { taxRateBasisPoints: number; taxThresholdPaise: number }): { taxPaise: number; netPaise: number } {
  const taxPaise = grossPaise > rule.taxThresholdPaise ? Math.floor((grossPaise * rule.taxRateBasisPoints) / 10_000) : 0;
  return { taxPaise, netPaise: grossPaise - taxPaise };
}

export type PrizeClaimStatus = "claimed" | "approved" | "paid";

export const quizParams = z.object({ quizId: z.uuid("Quiz not found.") });
export const claimParams = z.object({ claimId: z.uuid("Prize claim not found.") });
