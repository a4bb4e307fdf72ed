"use client";

import { inputClass } from "@/components/ui/form";

/** The required written reason of a decision dialog, with its error announced and linked. */
export function ReasonField({
  id,
  label,
  value,
  onChange,
  error,
  maxLength,
  rows,
  initialFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength: number;
  rows: number;
  initialFocus?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      <textarea
        data-initial-focus={initialFocus || undefined}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        rows={rows}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass}
      />
      {error && <p id={errorId} role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
