"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useOptimistic, useRef, useState, useTransition } from "react";
import { FormMessage } from "@/components/ui/form";
import { Email, NameAndEmail, PagedTable, type Column } from "@/components/ui/PagedTable";
import { callApi } from "@/lib/client";
import { REFUND_FAILED, REVIEW_FAILED, VERIFIED_IS_FINAL } from "@/lib/catalogue";
import type { ReviewAction } from "@/lib/payments";
import { failureText, smallButtonClass, type Message } from "./adminUi";
import { ReviewDialog, ScreenshotThumbnail, type Decision } from "./ReviewDialog";
import type { ReviewRow } from "./reviewRow";

type Status = ReviewRow["status"];

const BADGE: Record<Status, string> = {
  pending: "bg-amber-100 text-amber-900",
  verified: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
};

const BUTTON_LABEL: Record<ReviewAction, string> = { verify: "Verify", reject: "Reject", refund: "Refund", gatewayRefund: "Refund through the gateway" };

/** Sends the admin's decision; a refund's reason is required (the dialog asks for it). */
function decide(row: ReviewRow, action: ReviewAction, reason: string | undefined) {
  if (action === "refund") return callApi<{ message: string }>(`/api/wallet/transaction/${row.id}/refund`, { json: { reason } });
  if (action === "gatewayRefund") return callApi<{ message: string }>(`/api/payments/gateway/payments/${row.id}/refund`, { json: { reason } });
  return callApi<{ message: string }>(`/api/wallet/transaction/${row.id}`, { method: "PUT", json: { paymentVerified: action === "verify" ? "verified" : "rejected", ...(reason ? { reason } : {}) } });
}

const rowElementId = (id: string) => `transaction-${id}`;
const detailElementId = (id: string) => `transaction-${id}-details`;

/** The columns an admin decides by; the rest of a payment waits in its details row. */
const COLUMNS: Column<ReviewRow>[] = [
  { header: "Participant", rowHeader: true, cellClassName: "font-normal", cell: (row) => <NameAndEmail name={row.participant} email={row.email} /> },
  {
    header: "For",
    cell: (row) => (
      <>
        <span className="block">{row.what}</span>
        <span className="block text-xs text-slate-600">{row.date}</span>
      </>
    ),
  },
  { header: "Amount", className: "@min-[40rem]:text-right", cellClassName: "font-medium whitespace-nowrap", cell: (row) => row.amount },
];

/**
 * Verifying and rejecting are explicit: a button opens a confirmation showing what is decided on,
 * and only its confirm button sends the decision, so moving through the row with the keyboard
 * changes nothing. The status shows the decision at once and snaps back if the server refuses
 * (useOptimistic keeps it only while the request and the refresh after it are in flight), and
 * focus comes back to the row afterwards, whichever of its buttons the decision took away.
 */
export function TransactionTable({ rows }: { rows: ReviewRow[] }) {
  const router = useRouter();
  const [message, setMessage] = useState<Message>();
  const [deciding, setDeciding] = useState<{ row: ReviewRow; action: ReviewAction }>();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [inFlight, startTransition] = useTransition();
  const [shownStatus, showStatus] = useOptimistic(
    Object.fromEntries(rows.map((row) => [row.id, row.status])) as Record<string, Status>,
    (current, change: { id: string; status: Status }) => ({ ...current, [change.id]: change.status }),
  );
  const opener = useRef<HTMLElement>(null);
  const decidedRow = useRef<string>(undefined);
  const messageRef = useRef<HTMLDivElement>(null);

  // Once the decision and the refresh have landed, the row may have moved or left this page.
  useEffect(() => {
    if (inFlight || !decidedRow.current) return;
    const row = document.getElementById(rowElementId(decidedRow.current));
    decidedRow.current = undefined;
    if (!row) messageRef.current?.focus();
    else if (!row.contains(document.activeElement)) row.focus();
  }, [inFlight]);

  function openDialog(row: ReviewRow, action: ReviewAction, button: HTMLElement) {
    opener.current = button;
    setMessage(undefined);
    setDeciding({ row, action });
  }

  function closeDialog(decision: Decision) {
    const { row, action } = deciding!;
    setDeciding(undefined);
    if (!decision) return opener.current?.focus();
    document.getElementById(rowElementId(row.id))?.focus();
    decidedRow.current = row.id;
    // A refund leaves the payment's status as it is: a new row moves the money.
    const refunding = action === "refund" || action === "gatewayRefund";
    startTransition(async () => {
      if (!refunding) showStatus({ id: row.id, status: action === "verify" ? "verified" : "rejected" });
      try {
        const { message: done } = await decide(row, action, decision.reason);
        setMessage({ tone: "success", text: done });
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, refunding ? REFUND_FAILED : REVIEW_FAILED) });
      }
    });
  }

  function toggleDetails(id: string) {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  const statusColumn: Column<ReviewRow> = {
    header: "Status",
    cell: (row) => (
      <div className="flex max-w-48 flex-col items-start gap-1">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[shownStatus[row.id]]}`}>{shownStatus[row.id]}</span>
        {/* Only what the server holds is final; an optimistic "verified" may still be refused. */}
        {row.gateway ? (
          <>
            <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Gateway</span>
            <p className="text-xs text-slate-700">The payment gateway confirms it, not an admin.</p>
          </>
        ) : (
          row.status === "verified" && <p className="text-xs text-slate-700">{VERIFIED_IS_FINAL}</p>
        )}
        {row.flags.map((flag) => (
          <p key={flag.lead} className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-900">
            {flag.lead} <Link href={flag.link.href} className="font-medium underline">{flag.link.text}</Link>
          </p>
        ))}
        {row.matched && <p className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-900">Matched on the bank statement ({row.matched})</p>}
        {row.note && (
          <p className="text-xs text-slate-700">
            {row.note.lead} <Link href={row.note.link.href} className="font-medium text-brand underline">{row.note.link.text}</Link>
          </p>
        )}
      </div>
    ),
  };

  const actionsColumn: Column<ReviewRow> = {
    header: "Actions",
    cell: (row) => {
      const showing = expanded.has(row.id);
      return (
        <div className="flex flex-wrap gap-2">
          {row.actions.map((action) => (
            <button key={action} type="button" disabled={inFlight} onClick={(event) => openDialog(row, action, event.currentTarget)} className={smallButtonClass}>
              {BUTTON_LABEL[action]}<span className="sr-only"> {row.participant}&apos;s payment</span>
            </button>
          ))}
          <button type="button" aria-expanded={showing} aria-controls={showing ? detailElementId(row.id) : undefined} onClick={() => toggleDetails(row.id)} className={smallButtonClass}>
            {showing ? "Hide details" : "Details"}<span className="sr-only"> of {row.participant}&apos;s payment</span>
          </button>
        </div>
      );
    },
  };

  return (
    <div className="flex flex-col gap-3">
      <div ref={messageRef} tabIndex={-1} className="focus:outline-none">
        <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      </div>
      <PagedTable
        caption="Transactions, pending first"
        columns={[...COLUMNS, statusColumn, actionsColumn]}
        rows={rows}
        rowKey={(row) => row.id}
        rowId={(row) => rowElementId(row.id)}
        rowDetail={(row) => (expanded.has(row.id) ? <Details row={row} /> : null)}
        // Amount, status and the decision buttons are what an admin works with: at 200 % text or on a phone they stay in reach.
        stacked
        rowClassName="align-top"
      />
      {deciding && <ReviewDialog row={deciding.row} action={deciding.action} onClose={closeDialog} />}
    </div>
  );
}

function Details({ row }: { row: ReviewRow }) {
  return (
    <div id={detailElementId(row.id)} className="flex flex-wrap items-start gap-x-8 gap-y-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">Email</dt>
        <dd><Email email={row.email} halfWidth="max-w-[32rem]" /></dd>
        <dt className="text-slate-600">Type</dt>
        <dd>{row.kind}</dd>
        <Detail label="Payee" value={row.payeeName} />
        <Detail label="UPI id" value={row.upiId} />
        {row.gateway ? (
          <>
            <Detail label="Gateway order" value={row.gateway.orderId} />
            <DetailList label="Gateway payments" values={row.gateway.payments} />
            <DetailList label="Gateway refunds" values={row.gateway.refunds} />
          </>
        ) : (
          <Detail label="Txn id (UTR)" value={row.paymentReference} />
        )}
        <Detail label="Reason" value={row.reason} />
        <Detail label="Reviewed" value={row.reviewed} />
      </dl>
      {row.proofUrl && <ScreenshotThumbnail row={row} size="small" />}
    </div>
  );
}

function DetailList({ label, values }: { label: string; values: string[] }) {
  if (!values.length) return null;
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd>
        <ul className="[overflow-wrap:anywhere]">
          {values.map((value) => <li key={value}>{value}</li>)}
        </ul>
      </dd>
    </>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{value}</dd>
    </>
  );
}
