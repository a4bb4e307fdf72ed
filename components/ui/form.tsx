import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from "react";

/**
 * A field's focus ring: a solid outline in the brand colour, on any focus (a date field's parts
 * take focus inside it), as plain to see as a button's (WCAG 2.4.7, 1.4.11).
 */
export const fieldFocusClass = "focus:border-brand focus:outline-2 focus:outline-offset-2 focus:outline-brand";
export const inputClass = `w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 ${fieldFocusClass} disabled:bg-slate-100 disabled:text-slate-600`;
export const primaryButtonClass =
  "rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60";
export const secondaryButtonClass =
  "rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60";

/** What every labelled field has around its control. */
interface FieldChrome {
  label: string;
  id: string;
  error?: string;
  hint?: ReactNode;
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & FieldChrome;

/** A labelled input whose error is shown under it and announced to screen readers. */
export function Field({ label, id, error, hint, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      <input id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldChrome;

/** Field's multi-line twin, for messages. */
export function TextAreaField({ label, id, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} id={id} error={error} hint={hint}>
      <textarea id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...textarea} />
    </FieldFrame>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
}

function FieldFrame({ label, id, error, hint, children }: FieldChrome & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      {children}
      {hint && <p id={`${id}-hint`} className="text-sm text-slate-600">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}

interface FormMessageProps {
  /** "info": news that is neither a failure nor a success (waiting one's turn, say). */
  tone: "error" | "success" | "info";
  children: ReactNode;
  /** For the fields the message is about, in their aria-describedby. */
  id?: string;
  /** Given when the message takes focus, because the control that had it went away. */
  ref?: Ref<HTMLParagraphElement>;
}

const TONE_COLOURS = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  info: "border-sky-200 bg-sky-50 text-sky-900",
} as const;

/** A form message's look, for a message said through a live region of its own. */
export function formMessageClass(tone: FormMessageProps["tone"]): string {
  return `rounded-lg border px-3 py-2 text-sm focus:outline-none ${TONE_COLOURS[tone]}`;
}

export function FormMessage({ tone, children, id, ref }: FormMessageProps) {
  if (!children) return null;
  return (
    <p id={id} ref={ref} tabIndex={ref ? -1 : undefined} role={tone === "error" ? "alert" : "status"} className={formMessageClass(tone)}>
      {children}
    </p>
  );
}
