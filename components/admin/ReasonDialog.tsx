"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { DecisionDialog } from "./DecisionDialog";
import { ReasonField } from "./ReasonField";

/**
 * A modal that asks for a written reason before a consequential decision (disqualifying or
 * reinstating an attempt), in the pattern of ReviewDialog: Escape and Cancel decide nothing, and
 * the decision is taken only on the confirm button with a reason that passes `check`.
 */
export function ReasonDialog({
  title,
  warning,
  label,
  confirmLabel,
  danger,
  check,
  onClose,
}: {
  title: string;
  warning: string;
  label: string;
  confirmLabel: string;
  danger?: boolean;
  /** The reason's problem in words, or null when it may be sent. */
  check: (reason: string) => string | null;
  onClose: (reason: string | null) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const decision = useRef<string | null>(null);
  const titleId = useId();
  const warningId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    dialog?.querySelector<HTMLElement>("textarea")?.focus();
  }, []);

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = check(reason);
    if (problem) return setError(problem);
    decision.current = reason.trim();
    dialogRef.current?.close();
  }

  return (
    <DecisionDialog dialogRef={dialogRef} titleId={titleId} warningId={warningId} onClose={() => onClose(decision.current)}>
      <h2 id={titleId} className="text-xl font-semibold">{title}</h2>
      <p id={warningId} className="mt-2 text-sm text-slate-700">{warning}</p>
      <form onSubmit={confirm} noValidate className="mt-4 flex flex-col gap-4">
        <ReasonField id={reasonId} label={label} value={reason} onChange={setReason} error={error} maxLength={2000} rows={4} />
        <div className="flex justify-end gap-3">
          <button type="button" onClick={() => dialogRef.current?.close()} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" className={danger ? `${primaryButtonClass} bg-red-700` : primaryButtonClass}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </DecisionDialog>
  );
}
