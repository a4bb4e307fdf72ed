"use client";

import type { ReactNode, RefObject } from "react";

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
