"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { FormMessage, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { formatIndiaDateTime } from "@/lib/format";
import type { ResultsVersion } from "@/lib/results";
import { revisionSchema, type RevisionInput } from "@/lib/results/schemas";
import { REASON_MAX } from "@/lib/validation";
import { failureText, type Message } from "./adminUi";
import { ConfirmDialog } from "./DecisionDialog";

/**
 * A published quiz's versions of its results, newest first, each with its digest and reason, and
 * the form to publish a revision: a written reason every participant reads, checked by the same
 * schema as the route, then a confirmation before anything is sent.
 */
export function ResultsVersionsPanel({ quizId, versions }: { quizId: string; versions: ResultsVersion[] }) {
  const router = useRouter();
  const id = useId();
  const [message, setMessage] = useState<Message>();
  const [confirming, setConfirming] = useState<RevisionInput | null>(null);
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, reset, formState } = useForm<RevisionInput>({ resolver: zodResolver(revisionSchema), defaultValues: { reason: "" } });
  const next = versions[0].revision + 1;

  function publish(input: RevisionInput) {
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(`/api/quizzes/${quizId}/results-revisions`, { json: input });
        setMessage({ tone: "success", text: result.message });
        reset();
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, "The revision could not be published. Please try again.") });
      }
    });
  }

  const ask = handleSubmit((input) => {
    setMessage(undefined);
    setConfirming(input);
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">Published results</h3>
      <ol aria-label="Versions of the results" className="flex flex-col gap-3">
        {versions.map((version, index) => (
          <li key={version.revision} className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 text-sm" data-testid="results-version">
            <p className="font-semibold text-slate-900">
              Revision {version.revision}
              {index === 0 ? " (current)" : " (superseded)"}: published {formatIndiaDateTime(version.publishedAt)}
              {version.publishedByName ? ` by ${version.publishedByName}` : ""}
            </p>
            <p className="text-slate-800">{version.reason ? `Reason: ${version.reason}` : "The first publication."}</p>
            <p className="text-slate-700">
              Digest: <code className="break-all">{version.digest}</code>
            </p>
          </li>
        ))}
      </ol>

      <form onSubmit={ask} noValidate aria-labelledby={`${id}-form-heading`} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
        <h4 id={`${id}-form-heading`} className="font-semibold">Publish a revision</h4>
        <p className="text-sm text-slate-700">
          For a disqualification found after publication or a key error decided since. The ranking is recomputed from the stored answers with the key and the disqualifications as they are now; revision {versions[0].revision} stays
          published as superseded, and every participant is told your reason.
        </p>
        <TextAreaField id={`${id}-reason`} label="Reason (every participant reads it)" rows={3} maxLength={REASON_MAX} error={formState.errors.reason?.message} {...register("reason")} />
        <button type="submit" className={`${primaryButtonClass} self-start`} disabled={pending}>
          {pending ? "Publishing…" : `Publish revision ${next}`}
        </button>
      </form>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>

      {confirming && (
        <ConfirmDialog
          title={`Publish revision ${next}?`}
          cancelLabel="Cancel"
          confirmLabel={`Publish revision ${next}`}
          onClose={(confirmed) => {
            setConfirming(null);
            if (confirmed) publish(confirming);
          }}
        >
          {/* The last look before a revision goes out: it cannot be taken back, only revised again. */}
          <p>
            The winners page will show revision {next} as the current results and keep the earlier version as superseded. Unpaid prize claims follow it, prizes already paid that it no longer holds are listed for recovery, and every
            participant is told this reason:
          </p>
          <blockquote className="mt-3 border-l-4 border-slate-300 pl-3 whitespace-pre-wrap text-slate-900">{confirming.reason}</blockquote>
        </ConfirmDialog>
      )}
    </section>
  );
}
