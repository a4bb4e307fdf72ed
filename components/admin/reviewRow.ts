import type { ReviewAction } from "@/lib/payments";

/** One transaction in Transaction Management, already formatted on the server so the browser renders the same text. */
export interface ReviewRow {
  id: string;
  status: "pending" | "verified" | "rejected";
  /** The decisions the server still accepts for this payment. */
  actions: ReviewAction[];
  /** What to know about the participant's other payments for the quiz, with a link to the one meant. */
  note: { lead: string; link: { href: string; text: string } } | null;
  /** Why a fraud check flagged this payment, each with a link to the earlier payment it resembles. */
  flags: { lead: string; link: { href: string; text: string } }[];
  /** When a bank statement matched this pending payment's UTR and amount, formatted. */
  matched: string | null;
  /** The bank statement line this payment holds, as the admin reads it. */
  statementLine: string | null;
  /** Why verifying this payment takes a written reason (empty: it does not). */
  verifyQuestions: string[];
  date: string;
  participant: string;
  email: string;
  what: string;
  reason: string;
  kind: string;
  amount: string;
  payeeName: string | null;
  upiId: string | null;
  paymentReference: string | null;
  proofUrl: string | null;
  reviewed: string | null;
  /** A payment through the gateway, shown read-only: its order, the payments tried on it and their refunds, as the admin reads them. */
  gateway: { orderId: string | null; payments: string[]; refunds: string[] } | null;
}
