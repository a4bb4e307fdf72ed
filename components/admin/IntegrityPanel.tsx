"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { FormMessage, primaryButtonClass, secondaryButtonClass, TextAreaField } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import type { responseDetail } from "@/lib/review";
import { appealDecisionSchema, disqualifySchema, reinstateSchema } from "@/lib/review/schemas";
import { formatIndiaDateTime } from "@/lib/format";
import { failureText, type Message } from "./adminUi";
import { ReasonDialog } from "./ReasonDialog";

type Integrity = Awaited<ReturnType<typeof responseDetail>>["integrity"];

type Asking = "disqualify" | "reinstate" | null;

function firstProblem(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? "Please check the reason.");
}

/**
 * The attempt's standing in the review: whether it counts, why it was disqualified, the
 * participant's appeal; and the admin's actions on it (disqualify, reinstate, decide the appeal),
 * each with a written reason. Once results are published, a decision here reaches them only
 * through a revision of the results.
 */
export function IntegrityPanel({ attemptId, participantName, submitted, integrity }: { attemptId: string; participantName: string; submitted: boolean; integrity: Integrity }) {
  const router = useRouter();
  const [asking, setAsking] = useState<Asking>(null);
  const [message, setMessage] = useState<Message>();
  const [pending, startTransition] = useTransition();
  const { disqualification, appeal, resultsPublished } = integrity;
  const appealOpen = appeal !== null && appeal.outcome === null;

  function send(path: string, json: unknown, fallback: string) {
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(path, { json });
        setMessage({ tone: "success", text: result.message });
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, fallback) });
      }
    });
  }

  function closeDialog(reason: string | null) {
    const action = asking;
    setAsking(null);
    if (reason === null || !action) return;
    send(`/api/responses/${attemptId}/${action}`, { reason }, action === "disqualify" ? "The attempt could not be disqualified. Please try again." : "The attempt could not be reinstated. Please try again.");
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm" data-testid="integrity-status">
        <span className="font-semibold">Status: </span>
        {disqualification ? (
          <>
            <span className="font-semibold text-red-800">Disqualified</span> on {formatIndiaDateTime(disqualification.at)}
            {disqualification.byName ? ` by ${disqualification.byName}` : ""}. Reason: {disqualification.reason}
          </>
        ) : submitted ? (
          "Counts in the results."
        ) : (
          "In progress."
        )}
      </p>

      {appeal && (
        <div className="flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm" data-testid="appeal">
          <p className="font-semibold">
            Appeal from {participantName}, {formatIndiaDateTime(appeal.createdAt)}
            {appeal.outcome ? `: ${appeal.outcome}` : ": waiting for a decision"}
          </p>
          <p className="whitespace-pre-wrap break-words text-slate-800">{appeal.text}</p>
          {appeal.outcome && appeal.response && (
            <p className="text-slate-700">
              Answer{appeal.decidedAt ? ` (${formatIndiaDateTime(appeal.decidedAt)})` : ""}: {appeal.response}
            </p>
          )}
        </div>
      )}

      {resultsPublished && (
        <p className="text-sm text-slate-700">Results are published: a decision here changes them only when you publish a revision of the results (Responses, with this quiz chosen).</p>
      )}
      {appealOpen && <AppealDecisionForm attemptId={attemptId} pending={pending} onDecide={(json) => send(`/api/responses/${attemptId}/appeal-decision`, json, "The decision could not be saved. Please try again.")} />}
      <div className="flex gap-3">
        {!disqualification && submitted && (
          <button type="button" disabled={pending} onClick={() => setAsking("disqualify")} className={`${primaryButtonClass} bg-red-700`}>
            Disqualify
          </button>
        )}
        {disqualification && !appealOpen && (
          <button type="button" disabled={pending} onClick={() => setAsking("reinstate")} className={secondaryButtonClass}>
            Reinstate
          </button>
        )}
      </div>
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>

      {asking === "disqualify" && (
        <ReasonDialog
          title="Disqualify this attempt?"
          warning={`${participantName}'s attempt will be left out of the ranking${resultsPublished ? " from the next revision of the results" : ""}. They will read your reason and may appeal once.`}
          label="Reason (shown to the participant)"
          confirmLabel="Disqualify attempt"
          danger
          check={(reason) => firstProblem(disqualifySchema.safeParse({ reason }))}
          onClose={closeDialog}
        />
      )}
      {asking === "reinstate" && (
        <ReasonDialog
          title="Reinstate this attempt?"
          warning={`${participantName}'s attempt will count in the results again${resultsPublished ? " from the next revision of the results" : ""}.`}
          label="Reason (kept in the audit trail)"
          confirmLabel="Reinstate attempt"
          check={(reason) => firstProblem(reinstateSchema.safeParse({ reason }))}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}

/** Uphold (reinstate the attempt) or reject (it stays disqualified), with an answer the participant reads. */
function AppealDecisionForm({ attemptId, pending, onDecide }: { attemptId: string; pending: boolean; onDecide: (json: unknown) => void }) {
  const id = useId();
  const [outcome, setOutcome] = useState<"upheld" | "rejected" | "">("");
  const [response, setResponse] = useState("");
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = appealDecisionSchema.safeParse({ outcome: outcome || undefined, response });
    if (!checked.success) return setError(checked.error.issues[0].message);
    setError(undefined);
    onDecide(checked.data);
  }

  return (
    <form onSubmit={submit} aria-label="Decide the appeal" data-attempt={attemptId} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-slate-900">Decision on the appeal</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-outcome`} checked={outcome === "upheld"} onChange={() => setOutcome("upheld")} className="size-4 accent-brand" />
          Uphold: reinstate the attempt
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name={`${id}-outcome`} checked={outcome === "rejected"} onChange={() => setOutcome("rejected")} className="size-4 accent-brand" />
          Reject: the attempt stays disqualified
        </label>
      </fieldset>
      <TextAreaField id={`${id}-response`} label="Answer to the participant" rows={3} maxLength={2000} value={response} onChange={(event) => setResponse(event.target.value)} error={error} />
      <button type="submit" disabled={pending} className={`${primaryButtonClass} self-start`}>
        {pending ? "Saving…" : "Decide appeal"}
      </button>
    </form>
  );
}
