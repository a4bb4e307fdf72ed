import { route } from "@/lib/http";
import type { MessageId, MessageValues } from "@/lib/catalogue";
import { formatRupeesWithSymbol } from "@/lib/money";
import { reconcileStatement, type LineNote } from "@/lib/payments";
import { reconcileSchema } from "@/lib/payments/schemas";

/** The lines an admin must read, each naming itself: what was not matched, and why. */
const NOTE_TEXT: Partial<Record<LineNote["outcome"], (note: LineNote) => [MessageId, MessageValues]>> = {
  conflict: (note) => ["lineConflict", { line: note.line, utr: note.utr!, payments: note.paymentIds.length }],
  "amount-differs": (note) => ["lineAmountDiffers", { line: note.line, utr: note.utr!, lineAmount: formatRupeesWithSymbol(note.amountPaise!), paymentAmount: formatRupeesWithSymbol(note.paymentAmountPaise!) }],
  "already-received": (note) => ["lineAlreadyReceived", { line: note.line, utr: note.utr! }],
  repeat: (note) => ["lineRepeat", { line: note.line, sameAs: note.sameAs!, utr: note.utr! }],
};

/** Not in the spec: the admin's bank statement (CSV text and its mapped columns) is kept line by line and ties each line to the one pending payment it fits. */
export const POST = route({ can: "payments.reconcile", does: "Matches a bank statement's lines to pending UPI payments", body: reconcileSchema }, async ({ actor, body, say }) => {
  const result = await reconcileStatement(actor, body);
  const notes = result.notes.flatMap((note) => {
    const text = NOTE_TEXT[note.outcome];
    return text ? [{ ...note, message: say(...text(note)) }] : [];
  });
  return { message: say("statementMatched", { matched: result.matched.length, lines: result.lines }), ...result, notes };
});
