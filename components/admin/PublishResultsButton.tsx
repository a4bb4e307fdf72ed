"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";

/**
 * Publishing is idempotent on the server, so pressing it again after success is harmless. Once the
 * results are out the button goes, but this component stays where it was: the refresh that shows
 * the published version keeps its "Results published." on screen and announced, not unmounted
 * before anyone could read it.
 */
export function PublishResultsButton({ quizId, published }: { quizId: string; published: boolean }) {
  const router = useRouter();
  const hintId = useId();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string }>();

  function publish() {
    setMessage(undefined);
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(`/api/quizzes/${quizId}/publish-results`, { method: "POST" });
        setMessage({ tone: "success", text: result.message });
        router.refresh();
      } catch (caught) {
        // The server's 409 explains that the exam window is still open; show its words.
        const fallback = "Error publishing results. Please try again.";
        setMessage({ tone: "error", text: caught instanceof ApiError ? caught.serverMessage ?? fallback : fallback });
      }
    });
  }

  if (published) return <FormMessage tone={message?.tone ?? "success"}>{message?.text}</FormMessage>;
  return (
    <div className="flex flex-col items-start gap-2">
      <button type="button" onClick={publish} disabled={pending} aria-describedby={hintId} className={primaryButtonClass}>
        {pending ? "Publishing…" : "Publish results"}
      </button>
      <p id={hintId} className="max-w-xs text-sm text-slate-600">Puts this quiz’s official ranking on the Winners page, once its exam window has closed.</p>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
    </div>
  );
}
