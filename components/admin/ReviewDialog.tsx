"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { DecisionDialog } from "./DecisionDialog";
import { Email } from "@/components/ui/PagedTable";
import { ReasonField } from "./ReasonField";
import type { ReviewAction } from "@/lib/payments";
import { REFUND_REASON_REQUIRED, VERIFY_REASON_REQUIRED } from "@/lib/catalogue";
import type { ReviewRow } from "./reviewRow";

const WORDING: Record<ReviewAction, { title: string; warning: string; confirm: (amount: string) => string; danger?: boolean }> = {
  verify: {
    title: "Verify this payment?",
    warning: "Check that this amount reached the organiser's account under this UTR. A verified payment is final and cannot be changed.",
    confirm: () => "Verify payment",
  },
  reject: {
    title: "Reject this payment?",
    warning: "The participant is told the payment was rejected and may pay again.",
    confirm: () => "Reject payment",
    danger: true,
  },
  refund: {
    title: "Refund this payment to the wallet?",
    warning: "Refund only if this payment's money reached the organiser's account. The amount is credited to the participant's wallet once, and the payment is closed.",
    confirm: (amount) => `Refund ${amount} to wallet`,
  },
  gatewayRefund: {
    title: "Refund this payment through the gateway?",
    warning: "The amount leaves the participant's wallet and goes back, through the payment gateway, to the card, bank account or UPI app it was paid from. A payment is refunded through the gateway once.",
    confirm: (amount) => `Refund ${amount} through the gateway`,
  },
};

/** Confirmed with the reason (a refund's, or a questioned verification's), or null when the admin cancelled. */
export type Decision = { reason?: string } | null;

/**
 * The one step between an admin and a payment decision: a modal that shows what is decided on
 * (participant, amount, UTR, screenshot) and acts only on its confirm button. Escape, Cancel and
 * the safe default focus all leave the payment as it was.
 */
export function ReviewDialog({ row, action, onClose }: { row: ReviewRow; action: ReviewAction; onClose: (decision: Decision) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const decision = useRef<Decision>(null);
  const titleId = useId();
  const warningId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  const wording = WORDING[action];
  // A refund always says why; so does verifying a payment something calls into question.
  const refunding = action === "refund" || action === "gatewayRefund";
  const needsReason = refunding || (action === "verify" && row.verifyQuestions.length > 0);
  const reasonRequired = refunding ? REFUND_REASON_REQUIRED : VERIFY_REASON_REQUIRED;

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    // Not showModal's choice (the first focusable element, the screenshot's link), but the safe
    // one, so a stray Enter decides nothing; a refund starts at its reason.
    dialog?.querySelector<HTMLElement>("[data-initial-focus]")?.focus();
  }, []);

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (needsReason && reason.trim() === "") return setReasonError(reasonRequired);
    decision.current = needsReason ? { reason: reason.trim() } : {};
    dialogRef.current?.close();
  }

  return (
    <DecisionDialog dialogRef={dialogRef} titleId={titleId} warningId={warningId} onClose={() => onClose(decision.current)}>
      <h2 id={titleId} className="text-xl font-semibold">{wording.title}</h2>
      <p id={warningId} className="mt-2 text-sm text-slate-700">{wording.warning}</p>

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Participant</dt>
        <dd className="font-medium">
          {row.participant} <Email email={row.email} className="font-normal text-slate-600" />
        </dd>
        <dt className="text-slate-600">For</dt>
        <dd>{row.what}</dd>
        <dt className="text-slate-600">Amount</dt>
        <dd className="text-base font-semibold">{row.amount}</dd>
        {row.gateway ? (
          <>
            <dt className="text-slate-600">Gateway payment</dt>
            <dd className="font-mono">{row.paymentReference}</dd>
            <dt className="text-slate-600">Paid</dt>
            <dd>{row.date}</dd>
          </>
        ) : (
          <>
            <dt className="text-slate-600">UTR</dt>
            <dd className="font-mono">{row.paymentReference ?? <span className="font-sans text-slate-600">Not given</span>}</dd>
            <dt className="text-slate-600">Paid by</dt>
            <dd>{row.payeeName ?? <span className="text-slate-600">Not given</span>}</dd>
            <dt className="text-slate-600">Submitted</dt>
            <dd>{row.date}</dd>
            <dt className="text-slate-600">Bank line</dt>
            <dd>{row.statementLine ?? <span className="text-slate-600">No bank statement line shows this payment yet</span>}</dd>
          </>
        )}
      </dl>

      {row.flags.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1" aria-label="Fraud checks">
          {row.flags.map((flag) => (
            <li key={flag.lead} className="rounded bg-red-50 px-2 py-1 text-sm text-red-900">
              {flag.lead} {flag.link.text}
            </li>
          ))}
        </ul>
      )}
      {action === "verify" && row.verifyQuestions.length > 0 && (
        <div className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          <p className="font-medium">Verifying this payment needs a written reason:</p>
          <ul className="ml-5 list-disc">
            {row.verifyQuestions.map((question) => <li key={question}>{question}</li>)}
          </ul>
        </div>
      )}

      {!row.gateway && (
        <div className="mt-4">
          <ScreenshotThumbnail row={row} size="large" />
        </div>
      )}

      <form onSubmit={confirm} noValidate className="mt-4 flex flex-col gap-4 border-t border-slate-200 pt-4">
        {needsReason && (
          <ReasonField id={reasonId} label={refunding ? "Reason for the refund" : "Why you verify it"} value={reason} onChange={setReason} error={reasonError} maxLength={300} rows={2} initialFocus />
        )}
        <div className="flex justify-end gap-3">
          <button data-initial-focus={needsReason ? undefined : true} type="button" onClick={() => dialogRef.current?.close()} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" className={wording.danger ? `${primaryButtonClass} bg-red-700` : primaryButtonClass}>
            {wording.confirm(row.amount)}
          </button>
        </div>
      </form>
    </DecisionDialog>
  );
}

/** The payment screenshot as a thumbnail that opens the full-size image in a new tab. */
export function ScreenshotThumbnail({ row, size }: { row: ReviewRow; size: "small" | "large" }) {
  if (!row.proofUrl) return <span className="text-sm text-slate-600">No screenshot</span>;
  const box = size === "large" ? "max-h-64 max-w-full" : "h-16 w-16 object-cover";
  return (
    <a href={row.proofUrl} target="_blank" rel="noopener noreferrer" className="inline-flex flex-col items-start gap-1 font-medium text-brand underline">
      {/* eslint-disable-next-line @next/next/no-img-element -- a private upload served by the app to admins only */}
      <img src={row.proofUrl} alt={`Payment screenshot from ${row.participant}`} loading="lazy" className={`rounded border border-slate-200 ${box}`} />
      <span>
        Open screenshot full size<span className="sr-only"> (opens in a new tab)</span>
      </span>
    </a>
  );
}
