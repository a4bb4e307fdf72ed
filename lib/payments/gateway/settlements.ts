import "server-only";
import { inArray, sql } from "drizzle-orm";
import { gatewayPayments, gatewayRefunds, gatewaySettlementLines, gatewaySettlementReports } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { message } from "@/lib/catalogue";
import { parseCsv } from "@/lib/csv";
import { getDb } from "@/lib/db";
import { Invalid } from "@/lib/errors";
import type { SettlementReportInput } from "./schemas";

/** The settlement recon report's columns this reads, by Razorpay's names; currency and settlement_utr may be absent. */
const REQUIRED_COLUMNS = ["entity_id", "type", "amount", "fee", "tax", "settled", "settled_at", "settlement_id"] as const;
const LINES_PER_INSERT = 2_000;
/** A report says what has happened: a settlement dated further ahead than a day of clock difference is misread. */
const LATEST_SETTLEMENT_AHEAD_MS = 86_400_000;

/**
 * What became of one line of a settlement report. Only `settled` stores the line and posts its
 * entry (bank and fees against gateway clearing); the others change nothing:
 * - `already-settled`: an earlier report settled this payment or refund (a report overlapping the last);
 * - `repeat`: an earlier line of the same report names it;
 * - `not-settled`: the gateway has not settled it yet (on hold, or in a later settlement);
 * - `other-type`: a transfer, adjustment or anything but a payment or refund, which the books do not hold;
 * - `unknown`: no gateway payment or refund of ours has this id;
 * - `not-final`: ours, but not captured (a payment) or not processed (a refund), so it moved no money here;
 * - `amount-differs`: ours, for another amount;
 * - `currency-differs`: not in rupees;
 * - `unreadable`: an id, amount, fee, tax, date or settlement id missing or not as the report writes them,
 *   or a fee that is not within the amount.
 */
export type SettlementOutcome = "settled" | "already-settled" | "repeat" | "not-settled" | "other-type" | "unknown" | "not-final" | "amount-differs" | "currency-differs" | "unreadable";

/** The outcomes that refuse a payment or refund the report says was settled: the admin must look into each. */
const REFUSED: SettlementOutcome[] = ["unknown", "not-final", "amount-differs", "currency-differs", "unreadable"];
const REFUSED_AUDITED = 100;

export interface SettlementNote {
  line: number;
  entityId: string | null;
  type: string | null;
  amountPaise: number | null;
  feePaise: number | null;
  outcome: SettlementOutcome;
  /** For a repeat, the earlier line. */
  sameAs?: number;
  /** For an amount that differs, what we hold; for a currency that differs, the report's. */
  heldAmountPaise?: number;
  currency?: string;
}

interface ReadLine {
  lineNumber: number;
  entityId: string | null;
  type: string | null;
  kind: "payment" | "refund" | null;
  amountPaise: number | null;
  feePaise: number | null;
  taxPaise: number | null;
  currency: string | null;
  settled: boolean | null;
  settledAt: Date | null;
  settlementId: string | null;
  settlementUtr: string | null;
  raw: string;
}

/** Paise as the report writes them: a whole number. */
function paiseIn(cell: string | undefined): number | null {
  const plain = (cell ?? "").trim();
  return /^\d{1,15}$/.test(plain) ? Number(plain) : null;
}

function flagIn(cell: string | undefined): boolean | null {
  const plain = (cell ?? "").trim().toLowerCase();
  if (["true", "1", "yes"].includes(plain)) return true;
  if (["false", "0", "no"].includes(plain)) return false;
  return null;
}

/** Unix seconds, as the report writes created_at and settled_at. */
function instantIn(cell: string | undefined, now: Date): Date | null {
  const plain = (cell ?? "").trim();
  if (!/^\d{1,11}$/.test(plain)) return null;
  const instant = new Date(Number(plain) * 1000);
  return instant.getTime() > now.getTime() + LATEST_SETTLEMENT_AHEAD_MS ? null : instant;
}

const textIn = (cell: string | undefined, pattern: RegExp) => ((value) => (pattern.test(value) ? value : null))((cell ?? "").trim());

function readLines(csv: string, now: Date): ReadLine[] {
  const rows = parseCsv(csv);
  const columns = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.find((name) => !columns.includes(name));
  if (missing) throw new Invalid(message("settlementColumnMissing", { column: missing }));
  const at = (name: string) => columns.indexOf(name);
  return rows
    .slice(1)
    .map((cells, index) => ({ cells, lineNumber: index + 1 }))
    // A spreadsheet's trailing empty rows are no lines of the report.
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""))
    .map(({ cells, lineNumber }) => {
      const cell = (name: string) => (at(name) >= 0 ? cells[at(name)] : undefined);
      const type = textIn(cell("type")?.toLowerCase(), /^[a-z_]{1,40}$/);
      return {
        lineNumber,
        entityId: textIn(cell("entity_id"), /^[A-Za-z]{1,10}_[A-Za-z0-9]{1,40}$/),
        type,
        kind: type === "payment" || type === "refund" ? type : null,
        amountPaise: paiseIn(cell("amount")),
        feePaise: paiseIn(cell("fee")),
        taxPaise: paiseIn(cell("tax")),
        currency: at("currency") >= 0 ? textIn(cell("currency"), /^[A-Z]{3}$/) : "INR",
        settled: flagIn(cell("settled")),
        settledAt: instantIn(cell("settled_at"), now),
        settlementId: textIn(cell("settlement_id"), /^[A-Za-z0-9_]{1,60}$/),
        settlementUtr: textIn(cell("settlement_utr"), /^[A-Za-z0-9]{1,60}$/),
        raw: cells.join(",").slice(0, 2000),
      };
    });
}

/** Everything a settled line's row needs, read and within the database's own limits (fee and tax within the amount). */
function readable(line: ReadLine): boolean {
  const { entityId, amountPaise, feePaise, taxPaise, settledAt, settlementId } = line;
  return (
    entityId !== null &&
    amountPaise !== null &&
    amountPaise > 0 &&
    feePaise !== null &&
    taxPaise !== null &&
    taxPaise <= feePaise &&
    feePaise < amountPaise &&
    settledAt !== null &&
    settlementId !== null
  );
}

/**
 * A settlement report from the gateway (its "Settlement recon" CSV): the report is kept, and each
 * settled payment or refund the app holds, for the amount it holds, becomes one settlement line,
 * whose entry the database posts (gateway_settlement_lines_post_journal): a payment moves from
 * gateway clearing to the bank less the gateway's fee, which goes to gateway fees; a refund comes
 * back into clearing from the bank. A payment or refund is settled once (unique by its id), so a
 * report uploaded twice, or overlapping the last, changes nothing the second time. Every other
 * line is left out and named. One transaction; uploads run one at a time.
 */
export const recordSettlementReport = service("payments.reconcile", async (admin, input: SettlementReportInput, now: Date = new Date()) => {
  const read = readLines(input.csv, now);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payments.gateway-settlement'))`);
    const wanted = read.filter((line) => line.kind && line.settled && readable(line));
    const ids = (kind: "payment" | "refund") => [...new Set(wanted.filter((line) => line.kind === kind).map((line) => line.entityId!))];
    const [paymentIds, refundIds] = [ids("payment"), ids("refund")];
    const payments = paymentIds.length
      ? await tx
          .select({ id: gatewayPayments.gatewayPaymentId, status: gatewayPayments.status, amountPaise: gatewayPayments.amountPaise, currency: gatewayPayments.currency })
          .from(gatewayPayments)
          .where(inArray(gatewayPayments.gatewayPaymentId, paymentIds))
      : [];
    const refunds = refundIds.length
      ? await tx.select({ id: gatewayRefunds.gatewayRefundId, status: gatewayRefunds.status, amountPaise: gatewayRefunds.amountPaise }).from(gatewayRefunds).where(inArray(gatewayRefunds.gatewayRefundId, refundIds))
      : [];
    const entityIds = [...paymentIds, ...refundIds];
    const settledBefore = new Set(
      entityIds.length ? (await tx.select({ entityId: gatewaySettlementLines.entityId }).from(gatewaySettlementLines).where(inArray(gatewaySettlementLines.entityId, entityIds))).map((row) => row.entityId) : [],
    );

    const firstLineOf = new Map<string, number>();
    const notes: SettlementNote[] = [];
    const settling: ReadLine[] = [];
    for (const line of read) {
      const note = (outcome: SettlementOutcome, more: Pick<SettlementNote, "sameAs" | "heldAmountPaise" | "currency"> = {}) =>
        notes.push({ line: line.lineNumber, entityId: line.entityId, type: line.type, amountPaise: line.amountPaise, feePaise: line.feePaise, outcome, ...more });
      if (line.type === null || line.settled === null) note("unreadable");
      else if (!line.kind) note("other-type");
      else if (!line.settled) note("not-settled");
      else if (!readable(line)) note("unreadable");
      else if (line.currency !== "INR") note("currency-differs", { currency: line.currency ?? "?" });
      else if (firstLineOf.has(line.entityId!)) note("repeat", { sameAs: firstLineOf.get(line.entityId!) });
      else {
        firstLineOf.set(line.entityId!, line.lineNumber);
        // A payment told failed and later captured is held twice, once in each state: the captured one is the money.
        const held =
          line.kind === "payment"
            ? (payments.find((payment) => payment.id === line.entityId && payment.status === "captured") ?? payments.find((payment) => payment.id === line.entityId))
            : refunds.find((refund) => refund.id === line.entityId);
        const final = held && (line.kind === "payment" ? held.status === "captured" : held.status === "processed");
        if (settledBefore.has(line.entityId!)) note("already-settled");
        else if (!held) note("unknown");
        else if (!final) note("not-final");
        else if (held.amountPaise !== line.amountPaise) note("amount-differs", { heldAmountPaise: held.amountPaise });
        else {
          note("settled");
          settling.push(line);
        }
      }
    }

    const [report] = await tx
      .insert(gatewaySettlementReports)
      .values({ fileName: input.fileName ?? null, lineCount: read.length, uploadedById: admin.id, uploadedAt: now })
      .returning({ id: gatewaySettlementReports.id });
    // In slices: one INSERT may bind at most 65,535 values.
    for (let start = 0; start < settling.length; start += LINES_PER_INSERT) {
      await tx.insert(gatewaySettlementLines).values(
        settling.slice(start, start + LINES_PER_INSERT).map((line) => ({
          reportId: report.id,
          lineNumber: line.lineNumber,
          entityId: line.entityId!,
          kind: line.kind!,
          amountPaise: line.amountPaise!,
          feePaise: line.feePaise!,
          taxPaise: line.taxPaise!,
          settlementId: line.settlementId!,
          settlementUtr: line.settlementUtr,
          settledAt: line.settledAt!,
          raw: line.raw,
        })),
      );
    }
    const sum = (pick: (line: ReadLine) => number) => settling.reduce((total, line) => total + pick(line), 0);
    const totals = {
      settled: settling.length,
      paymentsPaise: sum((line) => (line.kind === "payment" ? line.amountPaise! : 0)),
      refundsPaise: sum((line) => (line.kind === "refund" ? line.amountPaise! : 0)),
      feesPaise: sum((line) => line.feePaise!),
    };
    const outcomes: Partial<Record<SettlementOutcome, number>> = {};
    for (const note of notes) outcomes[note.outcome] = (outcomes[note.outcome] ?? 0) + 1;
    const refused = notes.filter((note) => REFUSED.includes(note.outcome));
    await recordAudit(tx, admin, {
      action: "payment.settle",
      subjectType: "gateway_settlement_report",
      subjectId: report.id,
      after: {
        lines: read.length,
        ...totals,
        outcomes,
        // The first of them, each named: a hostile report of thousands of bad lines stays a short entry.
        refused: refused.slice(0, REFUSED_AUDITED).map((note) => ({ line: note.line, entityId: note.entityId, outcome: note.outcome })),
        fileName: input.fileName ?? null,
      },
    });
    return { reportId: report.id, lines: read.length, ...totals, netPaise: totals.paymentsPaise - totals.refundsPaise - totals.feesPaise, notes };
  });
});

