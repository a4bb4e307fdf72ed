import { ApiError } from "@/lib/client";

/** The compact buttons used inside list rows. */
export const smallButtonClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60";

export type Message = { tone: "error" | "success"; text: string };

const ENGLISH_PLURALS = new Intl.PluralRules("en");

/** A count with its noun agreeing, by the English plural rule: "1 hour", "0 hours", "2 objections". */
export function counted(count: number, one: string, other: string): string {
  return `${count} ${ENGLISH_PLURALS.select(count) === "one" ? one : other}`;
}

/** SPEC §8: the server's message where it sent one, else the screen's own text. */
export function failureText(caught: unknown, fallback: string): string {
  return caught instanceof ApiError ? caught.serverMessage ?? fallback : fallback;
}

/**
 * Some forms have one shared "required" text (SPEC §5: 'All fields are required'). Rather than
 * repeat it under every blank field, the blank fields point at a single summary and only other
 * problems are shown under their field. Spread the result onto Field before register().
 */
export function summarisedError(error: { message?: string } | undefined, summaryText: string, summaryId: string) {
  return error?.message === summaryText ? { "aria-invalid": true, "aria-describedby": summaryId } : { error: error?.message };
}
