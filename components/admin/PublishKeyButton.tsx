"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition } from "react";
import { flushSync } from "react-dom";
import { FormMessage, primaryButtonClass, secondaryButtonClass } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { counted, failureText, type Message } from "./adminUi";

/** Publishing the key opens the objection window for every participant: it asks once more. */
export function PublishKeyButton({ quizId, windowHours }: { quizId: string; windowHours: number }) {
  const router = useRouter();
  const questionId = useId();
  const publishButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<Message>();

  function cancel() {
    flushSync(() => setConfirming(false));
    publishButton.current?.focus();
  }

  function publish() {
    setMessage(undefined);
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(`/api/quizzes/${quizId}/answer-key`, { method: "POST" });
        setMessage({ tone: "success", text: result.message });
        setConfirming(false);
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, "The answer key could not be published. Please try again.") });
      }
    });
  }

  return (
    <div className="flex flex-col items-start gap-2">
      {confirming ? (
        <div role="group" aria-labelledby={questionId} className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2">
          <span id={questionId} className="text-sm font-medium text-amber-900">
            Publish the provisional key? Participants see it at once and may object for {counted(windowHours, "hour", "hours")}.
          </span>
          <button type="button" onClick={publish} disabled={pending} className={primaryButtonClass}>
            {pending ? "Publishing…" : "Yes, publish the key"}
          </button>
          <button type="button" onClick={cancel} disabled={pending} autoFocus className={secondaryButtonClass}>
            Not yet
          </button>
        </div>
      ) : (
        <button ref={publishButton} type="button" onClick={() => setConfirming(true)} className={primaryButtonClass}>
          Publish answer key
        </button>
      )}
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
    </div>
  );
}
