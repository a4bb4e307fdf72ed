"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type ChangeEvent } from "react";
import { FormMessage, inputClass, secondaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { RECONCILE_FAILED, REVIEW_FAILED } from "@/lib/catalogue";
import { MAX_STATEMENT_BYTES, statementColumns } from "@/lib/payments/schemas";
import { failureText, type Message } from "./adminUi";

export interface StatementMapping {
  utrColumn: string;
  amountColumn: string;
  dateColumn?: string;
}

/** One bank line several pending payments claim, and where to see them side by side. */
export interface ConflictView {
  utr: string;
  text: string;
  href: string;
}

/** A remembered column when the new statement has it, else the first column whose name suggests it. */
function preselect(columns: string[], remembered: string | undefined, hint: RegExp): string {
  if (remembered && columns.includes(remembered)) return remembered;
  return columns.find((column) => hint.test(column)) ?? "";
}

/**
 * Reconciliation: the admin picks the bank's or UPI app's statement (CSV), says once which column
 * holds the UTR, the amount and the date (remembered for next time), and the server keeps every
 * line and ties each to the one pending payment it fits. The lines it did not tie, each named, and
 * the bank lines several payments claim are listed for the admin. "Verify all matched" then
 * verifies each matched payment nothing calls into question.
 */
export function StatementReconciliation({ mapping, matchedCount, conflicts }: { mapping: StatementMapping | null; matchedCount: number; conflicts: ConflictView[] }) {
  const router = useRouter();
  const id = useId();
  const [csv, setCsv] = useState<string>();
  const [columns, setColumns] = useState<string[]>([]);
  const [utrColumn, setUtrColumn] = useState("");
  const [amountColumn, setAmountColumn] = useState("");
  const [dateColumn, setDateColumn] = useState("");
  const [fileName, setFileName] = useState("");
  const [notes, setNotes] = useState<string[]>([]);
  const [message, setMessage] = useState<Message>();
  const [busy, startTransition] = useTransition();

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    setMessage(undefined);
    setNotes([]);
    const file = event.target.files?.[0];
    if (!file) return setCsv(undefined);
    if (file.size > MAX_STATEMENT_BYTES) return setMessage({ tone: "error", text: "The statement is too large; split it into smaller files." });
    const text = await file.text();
    const found = statementColumns(text);
    setCsv(text);
    setFileName(file.name);
    setColumns(found);
    setUtrColumn(preselect(found, mapping?.utrColumn, /utr|ref|narration|description|remark/i));
    setAmountColumn(preselect(found, mapping?.amountColumn, /amount|credit|deposit/i));
    setDateColumn(preselect(found, mapping?.dateColumn, /date/i));
  }

  function match() {
    if (!csv) return setMessage({ tone: "error", text: "Choose the statement's CSV file." });
    startTransition(async () => {
      try {
        const answer = await callApi<{ message: string; notes: { message: string }[] }>("/api/payments/reconciliation", { json: { csv, utrColumn, amountColumn, dateColumn, fileName } });
        setMessage({ tone: "success", text: answer.message });
        setNotes(answer.notes.map((note) => note.message));
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, RECONCILE_FAILED) });
      }
    });
  }

  function verifyAll() {
    startTransition(async () => {
      try {
        const { message: done } = await callApi<{ message: string }>("/api/payments/reconciliation/verify-matched", { json: {} });
        setMessage({ tone: "success", text: done });
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, REVIEW_FAILED) });
      }
    });
  }

  return (
    <details open={conflicts.length > 0 || undefined} className="rounded-lg border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold">Reconcile with a bank statement</summary>
      <div className="mt-3 flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          Upload the bank&apos;s or UPI app&apos;s statement as CSV. Pending payments whose UTR and amount both appear on one line are marked
          &quot;matched&quot;; nothing is verified until you verify them.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          {/* A file picker's own width (its button and "No file chosen") outgrows a phone at 200 % text: it shrinks to the row. */}
          <div className="flex max-w-full min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-800">Statement (CSV)</label>
            <input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={chooseFile} className="max-w-full text-sm" />
          </div>
          {columns.length > 0 && (
            <>
              <ColumnSelect id={`${id}-utr`} label="UTR column" value={utrColumn} onChange={setUtrColumn} columns={columns} />
              <ColumnSelect id={`${id}-amount`} label="Amount column" value={amountColumn} onChange={setAmountColumn} columns={columns} />
              <ColumnSelect id={`${id}-date`} label="Date column (optional)" value={dateColumn} onChange={setDateColumn} columns={columns} />
            </>
          )}
          <button type="button" onClick={match} disabled={busy || !csv} className={secondaryButtonClass}>
            Match payments
          </button>
          <button type="button" onClick={verifyAll} disabled={busy || matchedCount === 0} className={secondaryButtonClass}>
            Verify all matched ({matchedCount})
          </button>
        </div>
        <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
        {notes.length > 0 && (
          <section aria-labelledby={`${id}-notes`}>
            <h3 id={`${id}-notes`} className="text-sm font-semibold">Lines not matched</h3>
            <ul className="ml-5 list-disc text-sm text-slate-800">
              {notes.map((note) => <li key={note}>{note}</li>)}
            </ul>
          </section>
        )}
        {conflicts.length > 0 && (
          <section aria-labelledby={`${id}-conflicts`} className="rounded border border-amber-300 bg-amber-50 p-3">
            <h3 id={`${id}-conflicts`} className="text-sm font-semibold text-amber-950">Conflicts: one bank credit, several payments</h3>
            <p className="text-sm text-amber-950">None of these payments was matched. Open each UTR to see its payments side by side, verify the one the money belongs to (with a reason) and reject the others.</p>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {conflicts.map((conflict) => (
                <li key={conflict.utr}>
                  <Link href={conflict.href} className="font-medium text-brand underline">{conflict.text}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </details>
  );
}

function ColumnSelect({ id, label, value, onChange, columns }: { id: string; label: string; value: string; onChange: (value: string) => void; columns: string[] }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
        <option value="">Choose…</option>
        {columns.map((column) => <option key={column} value={column}>{column}</option>)}
      </select>
    </div>
  );
}
