import { route } from "@/lib/http";
import type { MessageId, MessageValues } from "@/lib/catalogue";
import { formatRupeesWithSymbol as rupees } from "@/lib/money";
import { recordSettlementReport, type SettlementNote } from "@/lib/payments";
import { settlementReportSchema } from "@/lib/payments/schemas";

const entity = (note: SettlementNote) => note.entityId ?? "—";

/** Each line's outcome in the admin's words, naming the line and the payment or refund. */
const NOTE_TEXT: Record<SettlementNote["outcome"], (note: SettlementNote) => [MessageId, MessageValues]> = {
  settled: (note) => ["settlementLineSettled", { line: note.line, entity: entity(note), amount: rupees(note.amountPaise!), fee: rupees(note.feePaise!) }],
  "already-settled": (note) => ["settlementLineAlreadySettled", { line: note.line, entity: entity(note) }],
  repeat: (note) => ["settlementLineRepeat", { line: note.line, sameAs: note.sameAs!, entity: entity(note) }],
  "not-settled": (note) => ["settlementLineNotSettled", { line: note.line, entity: entity(note) }],
  "other-type": (note) => ["settlementLineOtherType", { line: note.line, entity: entity(note), type: note.type ?? "—" }],
  unknown: (note) => ["settlementLineUnknown", { line: note.line, entity: entity(note), kind: note.type ?? "payment" }],
  "not-final": (note) => ["settlementLineNotFinal", { line: note.line, entity: entity(note), kind: note.type ?? "payment" }],
  "amount-differs": (note) => ["settlementLineAmountDiffers", { line: note.line, entity: entity(note), lineAmount: rupees(note.amountPaise!), heldAmount: rupees(note.heldAmountPaise!) }],
  "currency-differs": (note) => ["settlementLineCurrencyDiffers", { line: note.line, entity: entity(note), currency: note.currency ?? "—" }],
  unreadable: (note) => ["settlementLineUnreadable", { line: note.line }],
};

/** Not in the spec (issue 54): the gateway's settlement report moves each settled payment and refund between gateway clearing and the bank, with the gateway's fees, once. */
export const POST = route(
  { can: "payments.reconcile", does: "Settles gateway payments and refunds to the bank from the gateway's settlement report", body: settlementReportSchema },
  async ({ actor, body, say }) => {
    const result = await recordSettlementReport(actor, body);
    const net = result.netPaise < 0 ? `−${rupees(-result.netPaise)}` : rupees(result.netPaise);
    return {
      message: say("settlementRecorded", { settled: result.settled, lines: result.lines, net, fees: rupees(result.feesPaise) }),
      ...result,
      notes: result.notes.map((note) => ({ ...note, message: say(...NOTE_TEXT[note.outcome](note)) })),
    };
  },
);
