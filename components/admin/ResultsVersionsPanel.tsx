"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { FormMessage, primaryButtonClass, secondaryButtonClass, TextAreaField } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import { formatIndiaDateTime } from "@/lib/format";
import type { ResultsVersion } from "@/lib/results";
import { revisionSchema, type RevisionInput } from "@/lib/results/schemas";
import { REASON_MAX } from "@/lib/validation";
import { failureText, type Message } from "./adminUi";
import { DecisionDialog } from "./DecisionDialog";

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
        <ConfirmRevision
          revision={next}
          reason={confirming.reason}
          onClose={(confirmed) => {
            setConfirming(null);
            if (confirmed) publish(confirming);
          }}
        />
      )}
    </section>
  );
}

/** The last look before a revision goes out: it cannot be taken back, only revised again. */
function ConfirmRevision({ revision, reason, onClose }: { revision: number; reason: string; onClose: (confirmed: boolean) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmed = useRef(false);
  const titleId = useId();
  const warningId = useId();

  useEffect(() => {
    dialogRef.current?.showModal();
  }, []);

  return (
    <DecisionDialog dialogRef={dialogRef} titleId={titleId} warningId={warningId} onClose={() => onClose(confirmed.current)}>
      <h2 id={titleId} className="text-xl font-semibold">Publish revision {revision}?</h2>
      <p id={warningId} className="mt-2 text-sm text-slate-700">
        The winners page will show revision {revision} as the current results and keep the earlier version as superseded. Unpaid prize claims follow it, prizes already paid that it no longer holds are listed for recovery, and every
        participant is told this reason:
      </p>
      <blockquote className="mt-3 border-l-4 border-slate-300 pl-3 text-sm whitespace-pre-wrap text-slate-900">{reason}</blockquote>
      <div className="mt-4 flex justify-end gap-3">
        <button type="button" onClick={() => dialogRef.current?.close()} className={secondaryButtonClass}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            confirmed.current = true;
            dialogRef.current?.close();
          }}
          className={primaryButtonClass}
        >
          Publish revision {revision}
        </button>
      </div>
    </DecisionDialog>
  );
}
