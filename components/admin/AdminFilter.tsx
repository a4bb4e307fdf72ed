import Form from "next/form";
import type { ReactNode } from "react";
import { inputClass, secondaryButtonClass } from "@/components/ui/form";

/** An admin tab's filter: a GET form back to the panel that keeps the same tab open. */
export function AdminFilterForm({ tab, submitLabel = "Filter", className, children }: { tab: string; submitLabel?: string; className: string; children: ReactNode }) {
  return (
    <Form action="/adminpanel" className={className}>
      <input type="hidden" name="tab" value={tab} />
      {children}
      <button type="submit" className={secondaryButtonClass}>{submitLabel}</button>
    </Form>
  );
}

/** One labelled choice of an admin filter; `wide` for a list of quiz titles. */
export function FilterSelect({
  id,
  label,
  name,
  defaultValue,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    // Wide, yet never wider than the form: at 200 % text on a phone 12rem is more than the screen, and the list shrinks to the row instead.
    <div className={wide ? "flex min-w-[min(12rem,100%)] flex-col gap-1" : "flex flex-col gap-1"}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">{label}</label>
      <select id={id} name={name} defaultValue={defaultValue} className={inputClass}>
        {children}
      </select>
    </div>
  );
}
