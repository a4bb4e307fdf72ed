"use client";

import { useRouter } from "next/navigation";
import { useOptimistic, useState, useTransition, type ChangeEvent } from "react";
import { FormMessage } from "@/components/ui/form";
import { NameAndEmail, PagedTable, type Column } from "@/components/ui/PagedTable";
import { ApiError, callApi } from "@/lib/client";
import { VERIFIED_IS_FINAL } from "@/lib/messages";

type Status = "pending" | "verified" | "rejected";

const STATUSES: Status[] = ["pending", "verified", "rejected"];

/** One transaction, already formatted on the server so the browser renders the same text. */
export interface ReviewRow {
  id: string;
  status: Status;
  date: string;
  participant: string;
  email: string;
  what: string;
  kind: string;
  amount: string;
  payeeName: string | null;
  upiId: string | null;
  paymentReference: string | null;
  proofUrl: string | null;
  reviewed: string | null;
}

const COLUMNS: Column<ReviewRow>[] = [
  { header: "Date", cellClassName: "whitespace-nowrap", cell: (row) => row.date },
  { header: "Participant", cell: (row) => <NameAndEmail name={row.participant} email={row.email} /> },
  { header: "For", cell: (row) => row.what },
  { header: "Type", cellClassName: "whitespace-nowrap", cell: (row) => row.kind },
  { header: "Amount", className: "text-right", cellClassName: "font-medium whitespace-nowrap", cell: (row) => row.amount },
  {
    header: "Payee, UPI id, transaction id",
    cell: (row) => (
      <dl className="grid grid-cols-[auto_1fr] gap-x-2">
        <Detail label="Payee" value={row.payeeName} />
        <Detail label="UPI id" value={row.upiId} />
        <Detail label="Txn id" value={row.paymentReference} />
      </dl>
    ),
  },
  {
    header: "Screenshot",
    cell: (row) =>
      row.proofUrl ? (
        <div className="flex flex-col items-start gap-1">
          {/* eslint-disable-next-line @next/next/no-img-element -- a private upload served by the app to admins only */}
          <img src={row.proofUrl} alt={`Payment screenshot from ${row.participant}`} width={64} height={64} loading="lazy" className="h-16 w-16 rounded border border-slate-200 object-cover" />
          <a href={row.proofUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand underline">
            View screenshot<span className="sr-only"> from {row.participant} (opens in a new tab)</span>
          </a>
        </div>
      ) : (
        <span className="text-slate-600">None</span>
      ),
  },
];

/**
 * The status select changes at once and snaps back if the server refuses: useOptimistic keeps
 * the new value only while the update (and the refresh that follows it) is in flight.
 */
export function TransactionTable({ rows }: { rows: ReviewRow[] }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string }>();
  const [, startTransition] = useTransition();
  const [shownStatus, showStatus] = useOptimistic(
    Object.fromEntries(rows.map((row) => [row.id, row.status])) as Record<string, Status>,
    (current, change: { id: string; status: Status }) => ({ ...current, [change.id]: change.status }),
  );

  function changeStatus(row: ReviewRow, event: ChangeEvent<HTMLSelectElement>) {
    const status = event.target.value as Status;
    setMessage(undefined);
    startTransition(async () => {
      showStatus({ id: row.id, status });
      try {
        await callApi(`/api/wallet/transaction/${row.id}`, { method: "PUT", json: { paymentVerified: status } });
        setMessage({ tone: "success", text: "Payment Status Updated successfully!" });
        router.refresh();
      } catch (caught) {
        const fallback = "Payment verification failed. Please try again.";
        setMessage({ tone: "error", text: caught instanceof ApiError ? caught.serverMessage ?? fallback : fallback });
      }
    });
  }

  const statusColumn: Column<ReviewRow> = {
    header: "Status",
    cell: (row) => {
      // Only what the server holds locks the select; an optimistic "verified" may still be refused.
      const final = row.status === "verified";
      const selectId = `status-${row.id}`;
      return (
        <>
          <label htmlFor={selectId} className="sr-only">{`Status of ${row.participant}'s payment`}</label>
          <select
            id={selectId}
            value={shownStatus[row.id]}
            onChange={(event) => changeStatus(row, event)}
            disabled={final}
            aria-describedby={final ? `${selectId}-final` : undefined}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-slate-900 focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none disabled:bg-slate-100 disabled:text-slate-600"
          >
            {STATUSES.map((status) => <option key={status} value={status}>{status}</option>)}
          </select>
          {final && <p id={`${selectId}-final`} className="mt-1 max-w-56 text-xs text-slate-700">{VERIFIED_IS_FINAL}</p>}
          {row.reviewed && <p className="mt-1 text-xs text-slate-600">{row.reviewed}</p>}
        </>
      );
    },
  };

  return (
    <div className="flex flex-col gap-3">
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      <PagedTable
        caption="Transactions, pending first"
        columns={[...COLUMNS, statusColumn]}
        rows={rows}
        rowKey={(row) => row.id}
        minWidth="min-w-[64rem]"
        rowClassName="align-top"
      />
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-all">{value}</dd>
    </>
  );
}
