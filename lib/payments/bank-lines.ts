import "server-only";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { bankStatements, statementLines, transactions } from "@/db/schema";
import { PostgresError, postgresErrorCode, violatedConstraint, type Queryable } from "@/lib/db";
import { Conflict } from "@/lib/errors";
import { message } from "@/lib/catalogue";

const lineColumns = {
  id: statementLines.id,
  statementId: statementLines.statementId,
  lineNumber: statementLines.lineNumber,
  utr: statementLines.utr,
  amountPaise: statementLines.amountPaise,
  valueDate: statementLines.valueDate,
  raw: statementLines.raw,
  uploadedAt: bankStatements.uploadedAt,
};


type UpiPayment = Pick<typeof transactions.$inferSelect, "statementLineId" | "paymentReference">;

/** The UPI payments whose money a bank line can be: money in, paid by UPI. */
export const upiMoneyIn = and(eq(transactions.mode, "upi"), inArray(transactions.type, ["credit", "form pay"]))!;

/** A statement line no payment has taken yet. */
export const unusedLine = sql`not exists (select 1 from ${transactions} t where t.statement_line_id = ${statementLines.id})`;

/**
 * The bank statement line that shows a UPI payment's money: the one it holds, else the newest
 * unused line with its UTR, else none (the money is not known to have arrived). A line whose
 * amount could not be read, or is nothing, shows no money: what was received is the line's
 * amount, never the payer's claim.
 */
export async function bankLineFor(db: Queryable, payment: UpiPayment) {
  const lines = db.select(lineColumns).from(statementLines).innerJoin(bankStatements, eq(bankStatements.id, statementLines.statementId));
  const withAmount = gt(statementLines.amountPaise, 0);
  const [line] = payment.statementLineId
    ? await lines.where(and(eq(statementLines.id, payment.statementLineId), withAmount))
    : payment.paymentReference
      ? await lines.where(and(eq(statementLines.utr, payment.paymentReference), withAmount, unusedLine)).orderBy(desc(bankStatements.uploadedAt), asc(statementLines.lineNumber)).limit(1)
      : [];
  return line ? { ...line, amountPaise: line.amountPaise! } : null;
}

/** The database's refusal of a second payment on one bank credit, as the admin reads it (409). */
export function bankCreditTaken(error: unknown): Conflict | undefined {
  if (postgresErrorCode(error) !== PostgresError.uniqueViolation) return undefined;
  const constraint = violatedConstraint(error);
  const taken = constraint === "transactions_one_received_payment_per_utr" || constraint === "transactions_one_payment_per_statement_line";
  return taken ? new Conflict(message("utrAlreadyReceived")) : undefined;
}
