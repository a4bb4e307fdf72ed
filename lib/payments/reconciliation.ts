import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { bankStatements, paymentFlags, statementLines, statementMappings, transactions } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { parseCsv } from "@/lib/csv";
import { getDb, type Queryable } from "@/lib/db";
import { DomainError, Invalid } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { upiMoneyIn } from "./bank-lines";
import { reviewTransaction } from "./review";
import type { ReconcileInput } from "./schemas";

const MAPPING_ID = "bank-statement";
const LINES_PER_INSERT = 5_000;

/** The columns chosen last time, offered again for the next statement. */
export const statementMapping = service("payments.review", async () => {
  const db = await getDb();
  const [mapping] = await db
    .select({ utrColumn: statementMappings.utrColumn, amountColumn: statementMappings.amountColumn, dateColumn: statementMappings.dateColumn })
    .from(statementMappings)
    .where(eq(statementMappings.id, MAPPING_ID));
  return mapping ? { utrColumn: mapping.utrColumn, amountColumn: mapping.amountColumn, ...(mapping.dateColumn ? { dateColumn: mapping.dateColumn } : {}) } : null;
});

/** A 12-digit UTR in a statement cell: alone, or inside a narration like "UPI/123456789012/NAME". */
function utrIn(cell: string): string | null {
  return cell.replace(/(?<=\d)[ -](?=\d)/g, "").match(/(?<!\d)\d{12}(?!\d)/)?.[0] ?? null;
}

/** An amount cell in rupees ("₹1,234.50", "INR 500", "500.00 CR") as paise, or null. */
function paiseIn(cell: string): number | null {
  const plain = cell.replace(/₹|INR|Rs\.?|CR|,|\s/gi, "");
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(plain)) return null;
  const [rupees, fraction = ""] = plain.split(".");
  return Number(rupees) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * What became of one line of a statement. Only `matched` ties the line to a payment; the others
 * are what the admin reads, each naming the line:
 * - `conflict`: several pending payments give this UTR, so no one of them is chosen here;
 * - `amount-differs`: the one pending payment with this UTR paid another amount;
 * - `already-received`: the UTR already backs a payment counted as received (verified, or holding a line);
 * - `repeat`: an earlier line of the same statement has this UTR;
 * - `no-payment`: no pending payment gives this UTR (other credits of the account);
 * - `unreadable`: no 12-digit UTR or no amount on the line.
 */
export type LineOutcome = "matched" | "conflict" | "amount-differs" | "already-received" | "repeat" | "no-payment" | "unreadable";

export interface LineNote {
  line: number;
  utr: string | null;
  amountPaise: number | null;
  outcome: LineOutcome;
  /** The payments the outcome is about (the matched one, the conflicting ones, the one received). */
  paymentIds: string[];
  /** For a repeat, the earlier line. */
  sameAs?: number;
  /** For an amount that differs, what the payment with the UTR is for. */
  paymentAmountPaise?: number;
}

interface ReadLine {
  lineNumber: number;
  utr: string | null;
  amountPaise: number | null;
  valueDate: string | null;
  raw: string;
}

function readLines(input: ReconcileInput): ReadLine[] {
  const rows = parseCsv(input.csv);
  const columns = (rows[0] ?? []).map((cell) => cell.trim());
  const at = (name: string) => columns.indexOf(name);
  const [utrAt, amountAt] = [at(input.utrColumn), at(input.amountColumn)];
  if (utrAt < 0 || amountAt < 0) throw new Invalid(message("statementColumnMissing", { column: utrAt < 0 ? input.utrColumn : input.amountColumn }));
  const dateAt = input.dateColumn ? at(input.dateColumn) : -1;
  if (input.dateColumn && dateAt < 0) throw new Invalid(message("statementColumnMissing", { column: input.dateColumn }));
  return rows.slice(1).map((cells, index) => ({
    lineNumber: index + 1,
    utr: utrIn(cells[utrAt] ?? ""),
    amountPaise: paiseIn(cells[amountAt] ?? ""),
    valueDate: dateAt >= 0 ? (cells[dateAt] ?? "").trim().slice(0, 40) || null : null,
    raw: cells.join(",").slice(0, 2000),
  }));
}

/**
 * Reconciliation: keeps the statement whole (every line, as read and as it was), remembers its
 * columns, and ties each line to the one pending UPI payment it fits: same UTR and same amount,
 * and no other pending payment giving that UTR. A line ties to at most one payment and a UTR
 * backs at most one received payment, which the database itself holds to
 * (transactions_one_payment_per_statement_line, transactions_one_received_payment_per_utr);
 * reconciliations run one at a time, so two overlapping statements uploaded at once cannot both
 * take the same credit. Nothing is verified here: the admin verifies (`verifyMatched`, or one by
 * one with the line shown).
 */
export const reconcileStatement = service("payments.reconcile", async (admin, input: ReconcileInput, now: Date = new Date()) => {
  const read = readLines(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payments.reconcile'))`);
    const mapping = { utrColumn: input.utrColumn, amountColumn: input.amountColumn, dateColumn: input.dateColumn ?? null, updatedById: admin.id, updatedAt: now };
    await tx.insert(statementMappings).values({ id: MAPPING_ID, ...mapping }).onConflictDoUpdate({ target: statementMappings.id, set: mapping });
    const [statement] = await tx
      .insert(bankStatements)
      .values({ fileName: input.fileName ?? null, utrColumn: input.utrColumn, amountColumn: input.amountColumn, dateColumn: input.dateColumn ?? null, lineCount: read.length, uploadedById: admin.id, uploadedAt: now })
      .returning({ id: bankStatements.id });
    const lineIds = new Map<number, string>();
    // In slices: one INSERT may bind at most 65,535 values, and a statement may have tens of thousands of lines.
    for (let start = 0; start < read.length; start += LINES_PER_INSERT) {
      const stored = await tx
        .insert(statementLines)
        .values(read.slice(start, start + LINES_PER_INSERT).map((line) => ({ statementId: statement.id, ...line })))
        .returning({ id: statementLines.id, lineNumber: statementLines.lineNumber });
      for (const line of stored) lineIds.set(line.lineNumber, line.id);
    }

    const utrs = [...new Set(read.flatMap((line) => (line.utr && line.amountPaise !== null ? [line.utr] : [])))];
    const payments = utrs.length
      ? await tx
          .select({ id: transactions.id, utr: transactions.paymentReference, amountPaise: transactions.amountPaise, status: transactions.status, statementLineId: transactions.statementLineId })
          .from(transactions)
          .where(and(upiMoneyIn, inArray(transactions.paymentReference, utrs)))
          .orderBy(asc(transactions.createdAt))
          .for("update")
      : [];

    const firstLineOf = new Map<string, number>();
    const notes: LineNote[] = [];
    for (const line of read) {
      const note = (outcome: LineOutcome, paymentIds: string[] = [], more: Pick<LineNote, "sameAs" | "paymentAmountPaise"> = {}) =>
        notes.push({ line: line.lineNumber, utr: line.utr, amountPaise: line.amountPaise, outcome, paymentIds, ...more });
      if (!line.utr || line.amountPaise === null) {
        note("unreadable");
        continue;
      }
      const earlier = firstLineOf.get(line.utr);
      if (earlier) {
        note("repeat", [], { sameAs: earlier });
        continue;
      }
      firstLineOf.set(line.utr, line.lineNumber);
      const withUtr = payments.filter((payment) => payment.utr === line.utr);
      const received = withUtr.find((payment) => payment.status === "verified" || payment.statementLineId !== null);
      const pending = withUtr.filter((payment) => payment.status === "pending");
      if (received) note("already-received", [received.id]);
      else if (pending.length > 1) note("conflict", pending.map((payment) => payment.id));
      else if (pending.length === 0) note("no-payment");
      else if (pending[0].amountPaise !== line.amountPaise) note("amount-differs", [pending[0].id], { paymentAmountPaise: pending[0].amountPaise });
      else {
        const [payment] = pending;
        await tx.update(transactions).set({ statementLineId: lineIds.get(line.lineNumber)!, statementMatchedAt: now }).where(and(eq(transactions.id, payment.id), isNull(transactions.statementLineId)));
        payment.statementLineId = lineIds.get(line.lineNumber)!;
        note("matched", [payment.id]);
      }
    }
    const matched = notes.filter((note) => note.outcome === "matched").flatMap((note) => note.paymentIds);
    await recordAudit(tx, admin, {
      action: "payment.reconcile",
      subjectType: "bank_statement",
      subjectId: statement.id,
      after: { lines: read.length, matched: matched.length, conflicts: notes.filter((note) => note.outcome === "conflict").length, fileName: input.fileName ?? null },
    });
    return { statementId: statement.id, lines: read.length, readable: read.filter((line) => line.utr && line.amountPaise !== null).length, matched, notes };
  });
});

/** Why "Verify all matched" leaves a matched payment to be verified by hand, with a reason. */
type LeftReason = "flagged" | "amount-differs";

/** Pending payments a statement matched, oldest first, with what keeps one from bulk verification. */
async function matchedPending(db: Queryable) {
  const rows = await db
    .select({
      id: transactions.id,
      amountPaise: transactions.amountPaise,
      lineAmountPaise: statementLines.amountPaise,
      flagged: sql<boolean>`exists (select 1 from ${paymentFlags} where ${paymentFlags.transactionId} = ${transactions.id})`,
    })
    .from(transactions)
    .innerJoin(statementLines, eq(statementLines.id, transactions.statementLineId))
    .where(and(eq(transactions.status, "pending"), isNotNull(transactions.statementLineId)))
    .orderBy(asc(transactions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    left: [...(row.flagged ? (["flagged"] as const) : []), ...(row.lineAmountPaise !== row.amountPaise ? (["amount-differs"] as const) : [])] as LeftReason[],
  }));
}

/**
 * "Verify all matched": each matched pending payment that nothing calls into question goes
 * through `reviewTransaction`, in its own transaction, so every ledger rule and audit entry holds
 * as if the admin pressed Verify on each. A flagged payment, or one whose amount is not its
 * line's, is never verified here: it is left, with why, for the admin to verify with a reason.
 * The run itself is audited as one bulk decision naming every payment it verified.
 */
export const verifyMatched = service("payments.verify", async (admin, now: Date = new Date()) => {
  const db = await getDb();
  const verified: string[] = [];
  const refused: { id: string; message: string }[] = [];
  const left: { id: string; reasons: LeftReason[] }[] = [];
  for (const { id, left: reasons } of await matchedPending(db)) {
    if (reasons.length) {
      left.push({ id, reasons });
      continue;
    }
    try {
      await reviewTransaction(admin, id, "verified", { now, bulk: true });
      verified.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ id, message: error.message });
    }
  }
  await recordAudit(db, admin, { action: "payment.verifyMatched", subjectType: "payments", subjectId: "matched", after: { verified, refused: refused.map((entry) => entry.id), left } });
  return { verified, refused, left };
});
