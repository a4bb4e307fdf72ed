import Link from "next/link";
import { inputClass } from "@/components/ui/form";
import { Pager } from "@/components/ui/Pager";
import { z } from "zod";
import { formatIndiaDateTime } from "@/lib/format";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { ReviewFilter, ReviewList } from "@/lib/payments";
import { AMOUNT_DIFFERS_REASON_MINIMUM } from "@/lib/payments/schemas";
import { pageParam } from "@/lib/validation";
import { transactionKind, transactionPurpose, type TransactionStatus } from "@/lib/wallet/schemas";
import { AdminFilterForm, FilterSelect } from "./AdminFilter";
import { StatementReconciliation, type ConflictView, type StatementMapping } from "./StatementReconciliation";
import type { ReviewRow } from "./reviewRow";
import { TransactionTable } from "./TransactionTable";

type SearchParams = Record<string, string | string[] | undefined>;

const STATUSES: TransactionStatus[] = ["pending", "verified", "rejected"];

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Hand-edited URLs are common on admin screens: anything unrecognised means "no filter". */
export function reviewFilter(params: SearchParams): ReviewFilter & { page: number } {
  const status = STATUSES.find((candidate) => candidate === single(params.status));
  const uuid = (value: string | undefined) => (value && z.uuid().safeParse(value).success ? value : undefined);
  return {
    status,
    quizId: uuid(single(params.quiz)),
    transactionId: uuid(single(params.payment)),
    flagged: single(params.flagged) === "1",
    matched: single(params.matched) === "1",
    utr: single(params.utr)?.replace(/\s+/g, "").slice(0, 30) || undefined,
    page: pageParam(params.page),
  };
}

/** The one payment a note points at, opened on its own. */
function paymentHref(id: string): string {
  return `/adminpanel?${new URLSearchParams({ tab: "transactions", payment: id })}`;
}

type ListedRow = ReviewList["rows"][number];

/** What the admin needs to know about this payment and the participant's others for the quiz. */
function note({ refund, paidAgain, paidWith, refundOf, status }: ListedRow): ReviewRow["note"] {
  if (refund) {
    return {
      lead: `Refunded to the wallet ${formatIndiaDateTime(refund.createdAt)}${refund.reviewedBy ? ` by ${refund.reviewedBy}` : ""}:`,
      link: { href: paymentHref(refund.id), text: "see the refund" },
    };
  }
  if (status === "rejected" && paidAgain) return { lead: "Paid again:", link: { href: paymentHref(paidAgain.id), text: `see payment of ${formatIndiaDateTime(paidAgain.createdAt)}` } };
  if (paidWith && status !== "verified") {
    return { lead: "Already paid for this quiz:", link: { href: paymentHref(paidWith.id), text: `see payment of ${formatIndiaDateTime(paidWith.createdAt)}` } };
  }
  if (refundOf) return { lead: "Refund of a second payment:", link: { href: paymentHref(refundOf.id), text: `see payment of ${formatIndiaDateTime(refundOf.createdAt)}` } };
  return null;
}

const FLAG_LEAD: Record<ListedRow["flags"][number]["reason"], string> = {
  "reference-reused": "Flagged: this UTR was already used on an earlier payment:",
  "same-screenshot": "Flagged: the same screenshot file was sent with an earlier payment:",
  "similar-screenshot": "Flagged: the screenshot looks like an earlier payment's (re-encoded or cropped copy):",
};

function flags(row: ListedRow): ReviewRow["flags"] {
  return row.flags.map((flag) => ({
    lead: FLAG_LEAD[flag.reason],
    link: { href: paymentHref(flag.earlier.id), text: `see the earlier payment of ${formatIndiaDateTime(flag.earlier.createdAt)}` },
  }));
}

const VERIFY_QUESTION: Record<ListedRow["verifyQuestions"][number], string> = {
  flagged: "A fraud check flagged it (above).",
  "utr-shared": "Another pending payment gives the same UTR: one bank credit backs one payment.",
  "amount-differs": `Its amount differs from its bank statement line: verifying records the line's amount as received (an entry fee on a smaller line is refused), and the reason needs at least ${AMOUNT_DIFFERS_REASON_MINIMUM} characters.`,
};

function statementLine(row: ListedRow): string | null {
  const line = row.statementLine;
  if (!line) return null;
  const amount = line.amountPaise === null ? "no readable amount" : formatRupeesWithSymbol(line.amountPaise);
  return `Line ${line.lineNumber} of the statement uploaded ${formatIndiaDateTime(line.uploadedAt)}: UTR ${row.paymentReference}, ${amount}`;
}

/** The gateway's ids and statuses, as the gateway named them (captured, failed; a refund pending, processed or failed). */
function gatewayView(row: ListedRow): ReviewRow["gateway"] {
  if (row.mode !== "gateway") return null;
  return {
    orderId: row.gateway?.orderId ?? null,
    payments: (row.gateway?.payments ?? []).map((payment) => `${payment.id}: ${payment.status}${payment.method ? ` (${payment.method})` : ""}${payment.failureReason ? `, ${payment.failureReason}` : ""}`),
    refunds: (row.gateway?.refunds ?? []).map((refund) => `${refund.id} of ${refund.paymentId}: ${formatRupeesWithSymbol(refund.amountPaise)}, ${refund.status}`),
  };
}

function toRow(row: ListedRow): ReviewRow {
  return {
    id: row.id,
    status: row.status,
    actions: row.actions,
    note: note(row),
    flags: flags(row),
    matched: row.statementMatchedAt && row.statementLine && row.status === "pending" ? formatIndiaDateTime(row.statementMatchedAt) : null,
    statementLine: statementLine(row),
    verifyQuestions: row.verifyQuestions.map((question) => VERIFY_QUESTION[question]),
    date: formatIndiaDateTime(row.createdAt),
    participant: row.userName,
    email: row.userEmail,
    what: transactionPurpose(row),
    reason: row.reason,
    kind: transactionKind(row),
    amount: formatRupeesWithSymbol(row.amountPaise),
    payeeName: row.payeeName,
    upiId: row.upiId,
    paymentReference: row.paymentReference,
    proofUrl: row.proofUrl,
    reviewed: row.reviewedAt && `${formatIndiaDateTime(row.reviewedAt)}${row.reviewedBy ? ` by ${row.reviewedBy}` : ""}`,
    gateway: gatewayView(row),
  };
}

function conflictView(conflict: ReviewList["conflicts"][number]): ConflictView {
  const date = conflict.valueDate ? ` dated ${conflict.valueDate}` : "";
  return {
    utr: conflict.utr,
    text: `UTR ${conflict.utr}: line ${conflict.lineNumber}${date}, ${formatRupeesWithSymbol(conflict.amountPaise)}, uploaded ${formatIndiaDateTime(conflict.uploadedAt)}. ${conflict.payments} pending payments give this UTR.`,
    href: `/adminpanel?tab=transactions&utr=${conflict.utr}`,
  };
}

/** `list` is null when the transactions could not be loaded. */
export function TransactionManagement({ filter, list, statementMapping = null }: { filter: ReviewFilter; list: ReviewList | null; statementMapping?: StatementMapping | null }) {
  const pageHref = (page: number) => {
    const query = new URLSearchParams({ tab: "transactions" });
    if (filter.status) query.set("status", filter.status);
    if (filter.quizId) query.set("quiz", filter.quizId);
    if (filter.transactionId) query.set("payment", filter.transactionId);
    if (filter.flagged) query.set("flagged", "1");
    if (filter.matched) query.set("matched", "1");
    if (filter.utr) query.set("utr", filter.utr);
    if (page > 1) query.set("page", String(page));
    return `/adminpanel?${query}`;
  };

  return (
    <div className="flex flex-col gap-4">
      <StatementReconciliation mapping={statementMapping} matchedCount={list?.matchedCount ?? 0} conflicts={(list?.conflicts ?? []).map(conflictView)} />
      <AdminFilterForm tab="transactions" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <FilterSelect id="filter-status" label="Status" name="status" defaultValue={filter.status ?? ""}>
          <option value="">All</option>
          {STATUSES.map((status) => <option key={status} value={status}>{status}</option>)}
        </FilterSelect>
        <FilterSelect id="filter-quiz" label="Quiz" name="quiz" defaultValue={filter.quizId ?? ""} wide>
          <option value="">All quizzes and wallet payments</option>
          {list?.quizzes.map((quiz) => <option key={quiz.id} value={quiz.id}>{quiz.title}</option>)}
        </FilterSelect>
        <div className="flex flex-col gap-1">
          <label htmlFor="filter-utr" className="text-sm font-medium text-slate-800">UTR</label>
          <input id="filter-utr" name="utr" type="search" inputMode="numeric" defaultValue={filter.utr ?? ""} maxLength={30} className={inputClass} placeholder="12-digit reference" />
        </div>
        <label className="flex items-center gap-2 self-center text-sm font-medium text-slate-800">
          <input type="checkbox" name="flagged" value="1" defaultChecked={filter.flagged} className="h-4 w-4" />
          Flagged only
        </label>
        <label className="flex items-center gap-2 self-center text-sm font-medium text-slate-800">
          <input type="checkbox" name="matched" value="1" defaultChecked={filter.matched} className="h-4 w-4" />
          Matched on statement only
        </label>
      </AdminFilterForm>

      {filter.transactionId && (
        <p className="text-slate-700">
          Showing one payment. <Link className="font-medium text-brand underline" href="/adminpanel?tab=transactions">Show all transactions</Link>
        </p>
      )}

      {!list ? (
        <p role="alert" className="text-red-700">Error loading transactions.</p>
      ) : list.total === 0 ? (
        <p className="text-slate-700">{filter.status || filter.quizId || filter.transactionId || filter.flagged || filter.matched || filter.utr ? "No transactions match these filters." : "No transactions yet."}</p>
      ) : list.rows.length === 0 ? (
        <p className="text-slate-700">
          This page is past the end of the list. <Link className="font-medium text-brand underline" href={pageHref(1)}>Go to the first page</Link>
        </p>
      ) : (
        <>
          <TransactionTable rows={list.rows.map(toRow)} />
          <Pager label="Transaction pages" page={list.page} pageCount={list.pageCount} pageHref={pageHref} />
        </>
      )}
    </div>
  );
}
