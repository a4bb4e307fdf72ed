"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";

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
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={warningId}
      onClose={() => onClose(decision.current)}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-xl font-semibold">{title}</h2>
      <p id={warningId} className="mt-2 text-sm text-slate-700">{warning}</p>
      <form onSubmit={confirm} noValidate className="mt-4 flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">{label}</label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={2000}
            rows={4}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${reasonId}-error` : undefined}
            className={inputClass}
          />
          {error && <p id={`${reasonId}-error`} role="alert" className="text-sm text-red-700">{error}</p>}
        </div>
        <div className="flex justify-end gap-3">
          <button type="button" onClick={() => dialogRef.current?.close()} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" className={danger ? `${primaryButtonClass} bg-red-700` : primaryButtonClass}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
