import "server-only";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { statementMappings, transactions } from "@/db/schema";
import { parseCsv } from "@/lib/csv";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { DomainError, Invalid } from "@/lib/errors";
import { reviewTransaction } from "./review";
import type { ReconcileInput } from "./schemas";

const MAPPING_ID = "bank-statement";

/** The columns chosen last time, offered again for the next statement. */
export const statementMapping = service("payments.review", async () => {
  const db = await getDb();
  const [mapping] = await db.select({ utrColumn: statementMappings.utrColumn, amountColumn: statementMappings.amountColumn }).from(statementMappings).where(eq(statementMappings.id, MAPPING_ID));
  return mapping ?? null;
});

/** A 12-digit UTR in a statement cell: alone, or inside a narration like "UPI/123456789012/NAME". */
function utrIn(cell: string): string | null {
  return cell.replace(/(?<=\d)[ -](?=\d)/g, "").match(/(?<!\d)\d{12}(?!\d)/)?.[0] ?? null;
}

/** An amount cell in rupees ("₹1,234.50", "INR 500", "500.00 CR") as paise, or null. */
function paiseIn(cell: string): number | null {
  const plain = cell.replace(/₹|INR|Rs\.?|CR|,|\s/gi, "");
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const [rupees, fraction = ""] = plain.split(".");
  return Number(rupees) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Reconciliation: reads the bank's or UPI app's statement, remembers which columns hold the UTR
 * and the amount, and marks "matched" every pending UPI payment whose UTR and amount both appear
 * on one line. Nothing is verified here: the admin verifies the matched ones (`verifyMatched`).
 */
export const reconcileStatement = service("payments.reconcile", async (admin, input: ReconcileInput, now: Date = new Date()) => {
  const [header, ...lines] = parseCsv(input.csv);
  const columns = (header ?? []).map((cell) => cell.trim());
  const utrAt = columns.indexOf(input.utrColumn);
  const amountAt = columns.indexOf(input.amountColumn);
  if (utrAt < 0 || amountAt < 0) throw new Invalid(`The statement has no column named "${utrAt < 0 ? input.utrColumn : input.amountColumn}".`);
  const entries = new Map<string, Set<number>>();
  let readable = 0;
  for (const line of lines) {
    const utr = utrIn(line[utrAt] ?? "");
    const paise = paiseIn(line[amountAt] ?? "");
    if (!utr || paise === null) continue;
    readable++;
    entries.set(utr, (entries.get(utr) ?? new Set()).add(paise));
  }

  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx
      .insert(statementMappings)
      .values({ id: MAPPING_ID, utrColumn: input.utrColumn, amountColumn: input.amountColumn, updatedById: admin.id, updatedAt: now })
      .onConflictDoUpdate({ target: statementMappings.id, set: { utrColumn: input.utrColumn, amountColumn: input.amountColumn, updatedById: admin.id, updatedAt: now } });
    const candidates = entries.size
      ? await tx
          .select({ id: transactions.id, utr: transactions.paymentReference, amountPaise: transactions.amountPaise })
          .from(transactions)
          .where(and(eq(transactions.status, "pending"), eq(transactions.mode, "upi"), inArray(transactions.type, ["credit", "form pay"]), inArray(transactions.paymentReference, [...entries.keys()])))
          .for("update")
      : [];
    const matched = candidates.filter((row) => entries.get(row.utr!)?.has(row.amountPaise)).map((row) => row.id);
    if (matched.length) {
      await tx.update(transactions).set({ statementMatchedAt: now }).where(and(inArray(transactions.id, matched), isNull(transactions.statementMatchedAt)));
    }
    return { lines: lines.length, readable, matched };
  });
});

/** Pending payments a statement matched, oldest first. */
async function matchedPending() {
  const db = await getDb();
  return db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.status, "pending"), isNotNull(transactions.statementMatchedAt)))
    .orderBy(sql`${transactions.createdAt} asc`);
}

/**
 * "Verify all matched": each matched pending payment goes through `reviewTransaction`, in its
 * own transaction, so every ledger rule and audit entry holds as if the admin pressed Verify on
 * each; one refused (seats full, already paid) is reported and the rest go on.
 */
export const verifyMatched = service("payments.verify", async (admin, now: Date = new Date()) => {
  const verified: string[] = [];
  const refused: { id: string; message: string }[] = [];
  for (const { id } of await matchedPending()) {
    try {
      await reviewTransaction(admin, id, "verified", now);
      verified.push(id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ id, message: error.message });
    }
  }
  return { verified, refused };
});
