"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { FormMessage, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";
import { appealSchema } from "@/lib/exam/schemas";

/** The participant's one appeal: why the disqualification is wrong. */
export function AppealForm({ quizId }: { quizId: string }) {
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
        setFailure(caught instanceof ApiError && caught.serverMessage ? caught.serverMessage : "Your appeal could not be sent. Please try again.");
      }
    });
  }

  return (
    <form onSubmit={submit} aria-label="Appeal the disqualification" className="flex flex-col gap-3">
      <p>You may appeal once. Explain why the disqualification is wrong; an admin will answer.</p>
      <TextAreaField id={`${id}-text`} label="Your appeal" rows={5} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} error={error} />
      <FormMessage tone="error">{failure}</FormMessage>
      <button type="submit" disabled={pending} className={`${primaryButtonClass} self-start`}>
        {pending ? "Sending…" : "Send appeal"}
      </button>
    </form>
  );
}
