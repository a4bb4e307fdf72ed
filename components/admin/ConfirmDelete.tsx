"use client";

import { useId, useRef, useState, useTransition } from "react";
import { flushSync } from "react-dom";

const dangerButtonClass = "rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60";

/**
 * Delete behind one confirming step, inline so a long list keeps its place. `what` names the item
 * for screen readers ("quiz Spring Olympiad"), since every row has its own Delete button.
 * onDelete reports its own outcome; this only keeps the buttons honest while it runs.
 */
export function ConfirmDelete({ what, onDelete }: { what: string; onDelete: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, startDeleting] = useTransition();
  const deleteButton = useRef<HTMLButtonElement>(null);
  const questionId = useId();

  function close() {
    // Put focus back on Delete rather than losing it with the buttons that just went away.
    flushSync(() => setConfirming(false));
    deleteButton.current?.focus();
  }

  function confirm() {
    startDeleting(async () => {
      await onDelete();
      close();
    });
  }

  if (!confirming) {
    return (
      <button ref={deleteButton} type="button" onClick={() => setConfirming(true)} className={dangerButtonClass}>
        Delete<span className="sr-only"> {what}</span>
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={questionId} className="flex flex-wrap items-center gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2">
      <span id={questionId} className="text-sm font-medium text-red-900">Delete {what}?</span>
      <button type="button" onClick={confirm} disabled={deleting} className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60">
        {deleting ? "Deleting…" : "Yes, delete"}
      </button>
      {/* The safe choice takes focus, so a stray Enter never deletes. */}
      <button type="button" onClick={close} disabled={deleting} autoFocus className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800">
        No, keep it
      </button>
    </div>
  );
}
