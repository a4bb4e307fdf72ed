"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";

interface SubmitConfirmationProps {
  answered: number;
  total: number;
  onSubmit: () => void;
  onKeepAnswering: () => void;
}

/**
 * Submitting ends the exam for good, so it is asked once more, with how many questions are still
 * unanswered; the safe choice, "Keep answering", has the focus, and Escape means it too.
 */
export function SubmitConfirmation({ answered, total, onSubmit, onKeepAnswering }: SubmitConfirmationProps) {
  const t = useTranslations("exam.live");
  const dialog = useRef<HTMLDialogElement>(null);
  const keepAnswering = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    keepAnswering.current?.focus();
    return () => element?.close();
  }, []);
  // Closed first: while a modal dialog is open, nothing behind it can take the focus back.
  const closedThen = (choice: () => void) => () => {
    dialog.current?.close();
    choice();
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="submit-confirmation-title"
      aria-describedby="submit-confirmation-body"
      onCancel={(event) => {
        event.preventDefault();
        closedThen(onKeepAnswering)();
      }}
      // No wider than the screen less a margin: 28rem alone is wider than a 320 px phone at 200 % text.
      className="m-auto max-w-[min(28rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-3 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <h2 id="submit-confirmation-title" className="text-lg font-semibold">{t("confirmSubmitTitle")}</h2>
      <p id="submit-confirmation-body" className="mt-2 text-slate-700">{t("confirmSubmitBody", { answered, total, unanswered: total - answered })}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <button ref={keepAnswering} type="button" className={primaryButtonClass} onClick={closedThen(onKeepAnswering)}>{t("keepAnswering")}</button>
        <button type="button" className={secondaryButtonClass} onClick={closedThen(onSubmit)}>{t("confirmSubmit")}</button>
      </div>
    </dialog>
  );
}
