import { z } from "zod";
import { REFUND_REASON_REQUIRED } from "@/lib/messages";
import { text } from "@/lib/validation";
import type { TransactionStatus } from "@/lib/wallet/schemas";

/** A participant's state for one quiz, derived from their entry-fee rows. */
export type PaymentState = "not paid" | TransactionStatus;

/** POST /api/wallet/transaction/{id}/refund: why the admin gives the payment back. */
export const refundSchema = z.object({
  reason: text("The reason", REFUND_REASON_REQUIRED).trim().min(1, REFUND_REASON_REQUIRED).max(300, "The reason must be at most 300 characters."),
});

/** A bank statement of up to this many bytes of CSV is matched in one go. */
export const MAX_STATEMENT_BYTES = 900_000;

/** RFC 4180 CSV (quoted fields may hold commas, quotes and line breaks), as bank and UPI apps export statements. */
export function parseStatementCsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const text = source.replace(/^\uFEFF/, "");
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ""));
}

/** The statement's column names (its first row, trimmed). */
export function statementColumns(source: string): string[] {
  return (parseStatementCsv(source.slice(0, 20_000))[0] ?? []).map((cell) => cell.trim());
}

const column = (label: string) => text(label, `Choose the ${label.toLowerCase()} column.`).trim().min(1, `Choose the ${label.toLowerCase()} column.`).max(200);

/** POST /api/payments/reconciliation: the statement and which of its columns hold the UTR and the amount. */
export const reconcileSchema = z.object({
  csv: text("The statement", "Choose the statement's CSV file.").min(1, "Choose the statement's CSV file.").max(MAX_STATEMENT_BYTES, "The statement is too large; split it into smaller files."),
  utrColumn: column("UTR"),
  amountColumn: column("Amount"),
});
export type ReconcileInput = z.output<typeof reconcileSchema>;
