"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { FormMessage, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";
import { appealSchema } from "@/lib/review/schemas";

/** The participant's one appeal: why the disqualification is wrong. */
export function AppealForm({ quizId }: { quizId: string }) {
  const t = useTranslations("exam.appeal");
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [pending, startTransition] = useTransition();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = appealSchema.safeParse({ text });
    if (!checked.success) return setError(checked.error.issues[0].message);
    setError(undefined);
    startTransition(async () => {
      try {
        await callApi(`/api/quizzes/${quizId}/appeal`, { json: checked.data });
        setFailure(undefined);
        router.refresh();
      } catch (caught) {
        setFailure(caught instanceof ApiError && caught.serverMessage ? caught.serverMessage : t("failed"));
      }
    });
  }

  return (
    <form onSubmit={submit} aria-label={t("formLabel")} className="flex flex-col gap-3">
      <p>{t("intro")}</p>
      <TextAreaField id={`${id}-text`} label={t("field")} rows={5} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} error={error} />
      <FormMessage tone="error">{failure}</FormMessage>
      <button type="submit" disabled={pending} className={`${primaryButtonClass} self-start`}>
        {pending ? t("sending") : t("send")}
      </button>
    </form>
  );
}
