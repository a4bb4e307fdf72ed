"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, useTransition, type FormEvent } from "react";
import { Field, FormMessage, primaryButtonClass, TextAreaField } from "@/components/ui/form";
import { callApi } from "@/lib/client";
import type { ExtraTimeGrant, GrantStanding } from "@/lib/review";
import { EXTRA_MINUTES_MAX, EXTRA_PERCENT_MAX, extraTimeRemovalSchema, extraTimeSchema } from "@/lib/review/schemas";
import { formatIndiaDateTime } from "@/lib/format";
import { failureText, smallButtonClass, type Message } from "./adminUi";
import { ReasonDialog } from "./ReasonDialog";

type Unit = "minutes" | "percent";

/** "10 minutes", "7 minutes 30 seconds". */
function duration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const parts = [minutes > 0 && `${minutes} minute${minutes === 1 ? "" : "s"}`, seconds > 0 && `${seconds} second${seconds === 1 ? "" : "s"}`];
  return parts.filter(Boolean).join(" ") || "0 minutes";
}

function grantText(grant: Pick<ExtraTimeGrant, "unit" | "amount" | "extraSeconds">): string {
  return grant.unit === "minutes" ? duration(grant.extraSeconds) : `${grant.amount} % of the duration (${duration(grant.extraSeconds)})`;
}

const STANDING: Record<GrantStanding, string> = {
  "not started": "Applies when the participant starts",
  running: "In the running attempt",
  "time up": "Time is up: can no longer change",
  submitted: "Submitted: can no longer change",
};

interface Draft {
  email: string;
  unit: Unit | "";
  amount: string;
  reason: string;
}

const EMPTY: Draft = { email: "", unit: "minutes", amount: "", reason: "" };

type FieldErrors = Partial<Record<keyof Draft, string>>;

/**
 * A quiz's extra-time grants (accommodations) and the form to grant or change one: minutes or a
 * percentage of the duration, with a reason for the audit trail. A grant applies when the
 * participant starts, or moves their running attempt's deadline; a submitted attempt is final.
 * `participantEmail` fixes the form to one participant (on their response).
 */
export function ExtraTimePanel({ quizId, grants, participantEmail, closed }: { quizId: string; grants: ExtraTimeGrant[]; participantEmail?: string; closed?: boolean }) {
  const router = useRouter();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, email: participantEmail ?? "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<Message>();
  const [removing, setRemoving] = useState<ExtraTimeGrant | null>(null);
  const [pending, startTransition] = useTransition();
  const shown = participantEmail ? grants.filter((grant) => grant.participantEmail === participantEmail) : grants;

  function change(grant: ExtraTimeGrant) {
    setDraft({ email: grant.participantEmail, unit: grant.unit, amount: String(grant.amount), reason: "" });
    setErrors({});
    setMessage(undefined);
    // The admin continues in the form: the reason for the change is still to be written.
    formRef.current?.querySelector<HTMLTextAreaElement>("textarea")?.focus();
  }

  function send(path: string, json: unknown, method: string, fallback: string, after?: () => void) {
    startTransition(async () => {
      try {
        const result = await callApi<{ message: string }>(path, { method, json });
        setMessage({ tone: "success", text: result.message });
        after?.();
        router.refresh();
      } catch (caught) {
        setMessage({ tone: "error", text: failureText(caught, fallback) });
      }
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = extraTimeSchema.safeParse({ ...draft, unit: draft.unit || undefined, amount: draft.amount.trim() });
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof Draft;
        found[field] ??= issue.message;
      }
      setErrors(found);
      setMessage(undefined);
      return;
    }
    setErrors({});
    send(`/api/quizzes/${quizId}/extra-time`, checked.data, "PUT", "The extra time could not be granted. Please try again.", () =>
      setDraft({ ...EMPTY, email: participantEmail ?? "" }),
    );
  }

  function closeRemoval(reason: string | null) {
    const grant = removing;
    setRemoving(null);
    if (reason === null || !grant) return;
    send(`/api/quizzes/${quizId}/extra-time/remove`, { participantId: grant.participantId, reason }, "POST", "The extra time could not be removed. Please try again.");
  }

  const max = draft.unit === "percent" ? EXTRA_PERCENT_MAX : EXTRA_MINUTES_MAX;
  return (
    <section aria-labelledby={`${id}-heading`} id="extra-time" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">Extra time</h3>

      {shown.length === 0 ? (
        <p className="text-sm text-slate-700">{participantEmail ? "No extra time granted." : "No participant has extra time on this quiz."}</p>
      ) : (
        <ul aria-label="Extra time granted" className="flex flex-col gap-3">
          {shown.map((grant) => {
            const open = grant.standing === "not started" || grant.standing === "running";
            return (
              <li key={grant.participantId} className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3 text-sm" data-testid="extra-time-grant">
                <p className="font-semibold text-slate-900">
                  {grant.participantName} <span className="font-normal break-all text-slate-700">({grant.participantEmail})</span>: {grantText(grant)}
                </p>
                <p className="text-slate-800">Reason: {grant.reason}</p>
                <p className="text-slate-700">
                  {STANDING[grant.standing]}
                  {grant.deadlineAt && grant.standing === "running" ? `; server deadline ${formatIndiaDateTime(grant.deadlineAt)}` : ""}. Last changed{" "}
                  {formatIndiaDateTime(grant.updatedAt)}
                  {grant.grantedByName ? ` by ${grant.grantedByName}` : ""}.
                </p>
                {open && (
                  <div className="flex gap-2 pt-1">
                    <button type="button" className={smallButtonClass} disabled={pending} onClick={() => change(grant)}>
                      Change<span className="sr-only"> extra time of {grant.participantName}</span>
                    </button>
                    <button type="button" className={smallButtonClass} disabled={pending} onClick={() => setRemoving(grant)}>
                      Remove<span className="sr-only"> extra time of {grant.participantName}</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {closed ? (
        <p className="text-sm text-slate-700">This attempt is submitted: extra time can no longer be granted or changed.</p>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-form-heading`} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
          <h4 id={`${id}-form-heading`} className="font-semibold">Grant or change extra time</h4>
          {!participantEmail && (
            <Field
              id={`${id}-email`}
              label="Participant's email"
              type="email"
              autoComplete="off"
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
              error={errors.email}
            />
          )}
          <fieldset className="flex flex-col gap-1" aria-describedby={errors.unit ? `${id}-unit-error` : undefined}>
            <legend className="text-sm font-medium text-slate-800">Extra time as</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${id}-unit`} checked={draft.unit === "minutes"} onChange={() => setDraft({ ...draft, unit: "minutes" })} className="size-4 accent-brand" />
              Minutes
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${id}-unit`} checked={draft.unit === "percent"} onChange={() => setDraft({ ...draft, unit: "percent" })} className="size-4 accent-brand" />
              Percentage of the quiz duration
            </label>
            {errors.unit && <p id={`${id}-unit-error`} role="alert" className="text-sm text-red-700">{errors.unit}</p>}
          </fieldset>
          <Field
            id={`${id}-amount`}
            label={draft.unit === "percent" ? "Extra time (% of the duration)" : "Extra time (minutes)"}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={draft.amount}
            onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
            error={errors.amount}
            hint={`A whole number from 1 to ${max}. It replaces any extra time granted before.`}
          />
          <TextAreaField
            id={`${id}-reason`}
            label="Reason (kept in the audit trail)"
            rows={2}
            maxLength={2000}
            value={draft.reason}
            onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
            error={errors.reason}
          />
          <button type="submit" disabled={pending} className={`${primaryButtonClass} self-start`}>
            {pending ? "Saving…" : "Grant extra time"}
          </button>
        </form>
      )}
      <FormMessage tone={message?.tone ?? "error"}>{message?.text}</FormMessage>

      {removing && (
        <ReasonDialog
          title="Remove this extra time?"
          warning={`${removing.participantName} loses ${grantText(removing)}${removing.standing === "running" ? ", and their running attempt's deadline moves back by as much" : ""}.`}
          label="Reason (kept in the audit trail)"
          confirmLabel="Remove extra time"
          check={(reason) => {
            const result = extraTimeRemovalSchema.safeParse({ participantId: removing.participantId, reason });
            return result.success ? null : result.error.issues[0].message;
          }}
          onClose={closeRemoval}
        />
      )}
    </section>
  );
}
