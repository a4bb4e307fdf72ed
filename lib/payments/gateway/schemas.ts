import { z } from "zod";
import { FIELDS_REQUIRED } from "@/lib/catalogue";
import { rupees, text } from "@/lib/validation";

/**
 * Payments through the gateway (issue 54): the shapes the payment modal, the wallet and the
 * /api/payments/gateway handlers share. Client-safe.
 */

/**
 * POST /api/payments/gateway/orders: what the payer wants to pay for. The amount of an entry fee
 * is the quiz's, never the browser's; a top-up's is the one asked for, fixed in the order.
 */
export const gatewayOrderSchema = z.discriminatedUnion("purpose", [
  z.object({ purpose: z.literal("entry_fee"), quizId: z.uuid("Quiz not found.") }),
  z.object({ purpose: z.literal("top_up"), amount: rupees("The amount", { required: FIELDS_REQUIRED }) }),
], { error: "purpose must be 'entry_fee' or 'top_up'." });
export type GatewayOrderRequest = z.output<typeof gatewayOrderSchema>;

/** Razorpay's ids: a prefix, an underscore and 14 letters or digits (up to 40 allowed here). */
const gatewayId = (prefix: string, label: string) => text(label).trim().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{1,40}$`), `${label} is not a ${prefix}_ id.`);

/** POST /api/payments/gateway/confirm: what the checkout handed the browser when the payer finished. */
export const gatewayConfirmSchema = z.object({
  gatewayOrderId: gatewayId("order", "The order id"),
  gatewayPaymentId: gatewayId("pay", "The payment id"),
  signature: text("The signature").trim().regex(/^[0-9a-f]{64}$/, "The signature is not a SHA-256 HMAC in hex."),
});
export type GatewayConfirmation = z.output<typeof gatewayConfirmSchema>;

/**
 * Where an order stands for the payer's screen: the card polls it until paid, failed or expired.
 * "kept": the payment arrived but could no longer be the entry fee (paid twice, the seat gone), so
 * the money is in the payer's wallet.
 */
export type GatewayOrderStatus = "open" | "paid" | "kept" | "failed" | "expired";

/** A participant's latest gateway order for a quiz, as the dashboard's card picks it up again. */
export interface GatewayOrderState {
  id: string;
  status: GatewayOrderStatus;
}

/** What the browser needs to open the gateway's checkout for an order: no secret in it. */
export interface GatewayCheckout {
  id: string;
  gatewayOrderId: string;
  amountPaise: number;
  currency: string;
  keyId: string;
  checkoutUrl: string;
  name: string;
  description: string;
  prefill: { name: string; email: string };
  expiresAt: string;
}

/** A settlement report of up to this many bytes of CSV is read in one go (a day's report is far smaller). */
export const MAX_SETTLEMENT_REPORT_BYTES = 900_000;

/** POST /api/payments/gateway/settlements: the gateway's settlement recon report, as CSV text. */
export const settlementReportSchema = z.object({
  csv: text("The settlement report", "Choose the settlement report's CSV file.")
    .min(1, "Choose the settlement report's CSV file.")
    .max(MAX_SETTLEMENT_REPORT_BYTES, "The settlement report is too large; split it into smaller files."),
  /** The uploaded file's name, kept with the report. */
  fileName: z.preprocess((value) => (value === "" ? undefined : value), text("The file name").trim().max(200, "The file name must be at most 200 characters.").optional()),
});
export type SettlementReportInput = z.output<typeof settlementReportSchema>;
