"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition } from "react";
import { FormMessage, primaryButtonClass } from "@/components/ui/form";
import { ApiError, callApi } from "@/lib/client";
import { formatRupeesWithSymbol } from "@/lib/money";
import type { PublicationPreview } from "@/lib/results";
import { counted } from "./adminUi";
import { ConfirmDialog } from "./DecisionDialog";

/** What the confirmation says publishing does: which quiz, how many it ranks, what it pays. */
function publicationWords({ ranked, prizePaise, freePasses }: PublicationPreview): string {
  const passes = freePasses > 0 ? ` and ${counted(freePasses, "free pass", "free passes")} to a later quiz` : "";
  return `It ranks ${counted(ranked, "participant", "participants")} and pays ${formatRupeesWithSymbol(prizePaise)} in cash prizes${passes}. Published results are final: a correction later is a revision, published with its reason.`;
}

/**
 * Publishing is idempotent on the server, so pressing it again after success is harmless. Once the
 * results are out the button goes, but this component stays where it was: the refresh that shows
 * the published version keeps its "Results published." on screen and announced, not unmounted
 * before anyone could read it. Results cannot be unpublished, so it asks first.
 */
export function PublishResultsButton({ quizId, published, preview }: { quizId: string; published: boolean; preview: PublicationPreview }) {
  const router = useRouter();
  const hintId = useId();
  const publishButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string }>();

  function closed(publish: boolean) {
    setConfirming(false);
    if (!publish) return publishButton.current?.focus();
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
      <button ref={publishButton} type="button" onClick={() => setConfirming(true)} disabled={pending} aria-describedby={hintId} className={primaryButtonClass}>
        {pending ? "Publishing…" : "Publish results"}
      </button>
      <p id={hintId} className="max-w-xs text-sm text-slate-600">Puts this quiz’s official ranking on the Winners page, once its exam window has closed.</p>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>
      {confirming && (
        <ConfirmDialog title={`Publish the results of ${preview.title}?`} cancelLabel="Not yet" confirmLabel="Yes, publish the results" safeFocus onClose={closed}>
          <p>{publicationWords(preview)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
