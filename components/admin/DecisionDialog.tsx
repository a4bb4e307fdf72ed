"use client";

import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";

/**
 * The modal shell of an admin's consequential decision: labelled by its title, described by its
 * warning; closing it any way (Escape, Cancel, confirm) reports through `onClose`.
 */
export function DecisionDialog({
  dialogRef,
  titleId,
  warningId,
  onClose,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  titleId: string;
  warningId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={warningId}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      {children}
    </dialog>
  );
}

/**
 * Asks once more before a decision that cannot be taken back: its title, what it does (the
 * warning), and two buttons; `onClose` says whether it was confirmed. With `safeFocus` the
 * button that decides nothing has the focus, so a stray Enter does nothing.
 */
export function ConfirmDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  safeFocus = false,
  onClose,
}: {
  title: ReactNode;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  safeFocus?: boolean;
  onClose: (confirmed: boolean) => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const titleId = useId();
  const warningId = useId();

  useEffect(() => {
    dialogRef.current?.showModal();
    if (safeFocus) cancelRef.current?.focus();
  }, [safeFocus]);

  return (
    <DecisionDialog dialogRef={dialogRef} titleId={titleId} warningId={warningId} onClose={() => onClose(confirmed.current)}>
      <h2 id={titleId} className="text-xl font-semibold">{title}</h2>
      <div id={warningId} className="mt-2 text-sm text-slate-700">{children}</div>
      <div className="mt-4 flex justify-end gap-3">
        <button ref={cancelRef} type="button" onClick={() => dialogRef.current?.close()} className={secondaryButtonClass}>
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={() => {
            confirmed.current = true;
            dialogRef.current?.close();
          }}
          className={primaryButtonClass}
        >
          {confirmLabel}
        </button>
      </div>
    </DecisionDialog>
  );
}
