import { z } from "zod";
import { parseCsv } from "@/lib/csv";
import { REFUND_REASON_REQUIRED } from "@/lib/catalogue";
import { text } from "@/lib/validation";
import type { TransactionStatus } from "@/lib/wallet/schemas";

/** A participant's state for one quiz, derived from their entry-fee rows. */
export type PaymentState = "not paid" | TransactionStatus;

/** POST /api/wallet/transaction/{id}/refund: why the admin gives the payment back. */
export const refundSchema = z.object({
  reason: text("The reason", REFUND_REASON_REQUIRED).trim().min(1, REFUND_REASON_REQUIRED).max(300, "The reason must be at most 300 characters."),
});

/**
 * Verifying a payment whose bank line shows another amount records the line's amount as received:
 * a decision about money that takes a reason of at least this many characters ("x" says nothing).
 */
export const AMOUNT_DIFFERS_REASON_MINIMUM = 20;

/** A bank statement of up to this many bytes of CSV is matched in one go. */
export const MAX_STATEMENT_BYTES = 900_000;


/** The statement's column names (its first row, trimmed). */
export function statementColumns(source: string): string[] {
  return (parseCsv(source.slice(0, 20_000))[0] ?? []).map((cell) => cell.trim());
}

const column = (label: string) => text(label, `Choose the ${label.toLowerCase()} column.`).trim().min(1, `Choose the ${label.toLowerCase()} column.`).max(200);

/** POST /api/payments/reconciliation: the statement and which of its columns hold the UTR and the amount. */
export const reconcileSchema = z.object({
  csv: text("The statement", "Choose the statement's CSV file.").min(1, "Choose the statement's CSV file.").max(MAX_STATEMENT_BYTES, "The statement is too large; split it into smaller files."),
  utrColumn: column("UTR"),
  amountColumn: column("Amount"),
  /** The value date column, kept with each line when given. */
  dateColumn: z.preprocess((value) => (value === "" ? undefined : value), column("Date").optional()),
  /** The uploaded file's name, kept with the statement. */
  fileName: z.preprocess((value) => (value === "" ? undefined : value), text("The file name").trim().max(200, "The file name must be at most 200 characters.").optional()),
});
export type ReconcileInput = z.output<typeof reconcileSchema>;

export {
  gatewayConfirmSchema,
  gatewayOrderSchema,
  MAX_SETTLEMENT_REPORT_BYTES,
  settlementReportSchema,
  type GatewayCheckout,
  type GatewayOrderRequest,
  type GatewayOrderState,
  type GatewayOrderStatus,
} from "./gateway/schemas";
