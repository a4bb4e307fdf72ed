import { z } from "zod";
import { FREE_PASS_QUIZ_REQUIRED } from "@/lib/catalogue";
import { text } from "@/lib/validation";
import { parseFinancialQuarter } from "./tax";

export { financialQuarterOf, financialYearOf, type FinancialQuarter } from "./tax";

/**
 * Shared by the claim form in the browser and the /api/prizes handlers: the formats of PAN, UPI
 * id and bank account, their masks, the financial-year quarter of the tax export, and the tax
 * rule (./tax.ts). Client-safe.
 */

/** PAN: five letters, four digits, a letter (AAAAA9999A); typed in any case, kept upper-case. */
const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/** IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** A bank account number: 9 to 18 digits. */
const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
const UPI_PATTERN = /^[\w.-]{2,256}@[a-zA-Z]{2,64}$/;

const upperCode = (label: string, pattern: RegExp, message: string) =>
  text(label, `${label} is required.`)
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(pattern, message));

const pan = () => upperCode("The PAN", PAN_PATTERN, "Enter a valid PAN, like ABCDE1234F.");
const ifsc = () => upperCode("The IFSC", IFSC_PATTERN, "Enter a valid IFSC, like SBIN0001234.");
const accountNumber = () =>
  text("The account number", "The account number is required.")
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(ACCOUNT_NUMBER_PATTERN, "The account number must be 9 to 18 digits."));
const upiId = () => text("The UPI id", "The UPI id is required.").trim().regex(UPI_PATTERN, "Enter a valid UPI id, like name@bank.");

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

/** GET /api/prize-claims/tax?quarter=FY2026-27%20Q3: a financial-year quarter (Q1 is April to June), nothing else. */
const QUARTER_FORMAT = "The quarter must look like FY2026-27 Q3 (Q1 is April to June).";
export const quarterSchema = z.object({
  quarter: text("The quarter")
    .max(16, QUARTER_FORMAT)
    .transform((value, context) => {
      const quarter = parseFinancialQuarter(value);
      if (!quarter) {
        context.addIssue({ code: "custom", message: QUARTER_FORMAT });
        return z.NEVER;
      }
      return quarter;
    }),
});

/** POST /api/prize-claims/[claimId]/release: why a held claim may go on to approval. */
export const releaseSchema = z.object({
  reason: text("The reason", "Write why the claim may be released.").trim().min(10, "Write why the claim may be released, in at least 10 characters.").max(1000, "The reason is too long (at most 1000 characters)."),
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

export type PrizeClaimStatus = "claimed" | "approved" | "paid";

export const quizParams = z.object({ quizId: z.uuid("Quiz not found.") });

/** POST /api/prizes/[quizId]/free-pass: the later quiz whose entry fee the free pass pays. */
export const freePassUse = z.object({ forQuizId: z.uuid(FREE_PASS_QUIZ_REQUIRED) });

export const claimParams = z.object({ claimId: z.uuid("Prize claim not found.") });
