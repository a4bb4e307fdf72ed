"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { FormMessage, secondaryButtonClass, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";
import { objectionSchema } from "@/lib/results/schemas";

/** "Object" opens the form in place; the reason, saying what the answer should be, is required; an image is optional. */
export function ObjectionForm({ quizId, questionId, questionNumber }: { quizId: string; questionId: string; questionNumber: number }) {
  const t = useTranslations("exam.objection");
  const router = useRouter();
  const id = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [sending, startSending] = useTransition();

  function close() {
    flushSync(() => setOpen(false));
    openButton.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = objectionSchema.safeParse({ questionId, reason });
    if (!checked.success) {
      setError(checked.error.issues[0].message);
      return;
    }
    setError(undefined);
    startSending(async () => {
      try {
        let evidenceUploadId: string | null = null;
        if (file) {
          const form = new FormData();
          form.set("file", file);
          form.set("imageType", "objection");
          evidenceUploadId = (await callApi<{ id: string }>("/api/upload", { form })).id;
        }
        await callApi(`/api/quizzes/${quizId}/objections`, { json: { ...checked.data, evidenceUploadId } });
        router.refresh();
      } catch (caught) {
        setError(caught instanceof ApiError ? caught.serverMessage ?? t("failed") : t("failed"));
      }
    });
  }

  if (!open) {
    return (
      <button ref={openButton} type="button" onClick={() => setOpen(true)} className={`${secondaryButtonClass} self-start`}>
        {t.rich("object", { number: questionNumber, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
      </button>
    );
  }
  return (
    <form onSubmit={submit} aria-label={t("formLabel", { number: questionNumber })} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <TextAreaField id={`${id}-reason`} label={t("reason")} hint={t("hint")} rows={3} required autoFocus value={reason} onChange={(event) => setReason(event.target.value)} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-evidence`} className="text-sm font-medium text-slate-800">{t("evidence")}</label>
        <input id={`${id}-evidence`} type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={(event) => setFile(event.target.files?.[0] ?? null)} className="text-sm" />
      </div>
      <FormMessage tone="error">{error}</FormMessage>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={sending} className={primaryButtonClass}>{sending ? t("sending") : t("send")}</button>
        <button type="button" onClick={close} disabled={sending} className={secondaryButtonClass}>{t("cancel")}</button>
      </div>
    </form>
  );
}
