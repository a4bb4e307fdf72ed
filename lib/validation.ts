import { z } from "zod";
import { MAX_PAISE, formatRupeesWithSymbol, rupeesToPaise } from "./money";

/**
 * The zod building blocks every schema takes its free text, names, money, whole numbers, dates
 * and page numbers from, so each rule is written once and holds on every route and in every form
 * alike. Client-safe: the browser's forms check with the same schemas as their route handlers.
 */

// In the browser, zod would first probe whether it may compile its parsers with new Function: the
// pages' policy allows no eval, so Chrome logs a CSP violation. Every schema a page builds takes
// its blocks from here, so here it is told not to; the server keeps its compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

// Text

/** Free text. NUL is refused: a PostgreSQL text column cannot hold it and no one types it. Chain .trim(), .min(), .max(). */
export function text(label: string, error?: string) {
  return z
    .string({ error: (issue) => error ?? (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .refine((value) => !value.includes("\u0000"), `${label} must not contain NUL characters.`);
}

/**
 * NUL, zero-width and bidirectional-control characters: invisible, they make one name pass for
 * another or turn the rest of a line around ("\u202Eevil"). The joiners U+200C and U+200D are kept
 * between letters of Indian scripts, where they choose how a conjunct is drawn.
 */
const INVISIBLE = /[\u0000\u200B\u200E\u200F\u202A-\u202E\u2060-\u2069\uFEFF]|(?<![\u0900-\u0DFF])[\u200C\u200D]|[\u200C\u200D](?![\u0900-\u0DFF])/g;

export function stripInvisible(value: string): string {
  return value.replace(INVISIBLE, "");
}

/** A person's name (sign-up, profile, a payee): invisible characters removed, then trimmed. */
export function personName(label = "Name", error?: string) {
  return text(label, error).overwrite(stripInvisible).trim();
}

// Numbers

const PLAIN_DECIMAL = /^\d+(\.\d{1,2})?$/;
const DIGITS = /^\d+$/;

/**
 * An amount in rupees: a JSON number or a plain decimal string ("500", "19.99"), never `true`,
 * `[5]`, "0x10" or "1e3" (which Number() reads as amounts). At least ₹1 (or ₹0 with allowZero),
 * at most two decimals, and no more than the paise column holds (or `maxRupees`).
 */
export function rupees(label: string, options: { required?: string; allowZero?: boolean; maxRupees?: number } = {}) {
  const required = options.required ?? `${label} is required.`;
  const format = `${label} must be an amount in rupees, like 500 or 19.99.`;
  const maxPaise = options.maxRupees === undefined ? MAX_PAISE : Math.min(MAX_PAISE, rupeesToPaise(options.maxRupees));
  const problemWith = (input: number | string | undefined, value: number): string | undefined => {
    if (input === undefined || (typeof input === "string" && input.trim() === "")) return required;
    if (!Number.isFinite(value)) return format;
    if (options.allowZero ? value < 0 : value < 1) return options.allowZero ? `${label} cannot be negative.` : `${label} must be at least ₹1.`;
    if (rupeesToPaise(value) > maxPaise) return `${label} can be at most ${formatRupeesWithSymbol(maxPaise)}.`;
    // 19.99 * 100 is 1998.9999999999998 in floating point: compare within a millionth of a paisa.
    if (Math.abs(value * 100 - Math.round(value * 100)) >= 1e-6) return "Enter an amount in rupees with at most two decimals.";
    return undefined;
  };
  return z
    .union([z.number(), z.string(), z.undefined()], { error: format })
    .transform((input, context) => {
      const value = typeof input === "number" ? input : input !== undefined && PLAIN_DECIMAL.test(input.trim()) ? Number(input.trim()) : Number.NaN;
      const problem = problemWith(input, value);
      if (problem) {
        context.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return value;
    });
}

/** A whole number, as a JSON number or a string of digits (form inputs and CSV cells are text). */
export function wholeNumber(label: string, { min, max, message }: { min: number; max: number; message?: string }) {
  const refusal = message ?? `${label} must be a whole number from ${min} to ${max}.`;
  return z
    .union([z.number(), z.string(), z.undefined()], { error: refusal })
    .transform((input, context) => {
      const value = typeof input === "number" ? input : input !== undefined && DIGITS.test(input.trim()) ? Number(input.trim()) : Number.NaN;
      if (!Number.isInteger(value) || value < min || value > max) {
        context.addIssue({ code: "custom", message: input === undefined || input === "" ? (message ?? `${label} is required.`) : refusal });
        return z.NEVER;
      }
      return value;
    });
}

// Dates

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i;

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return day <= lastDay.getUTCDate();
}

/**
 * An ISO 8601 date or date-time that names a real moment, or null. JavaScript's Date rolls
 * "2000-02-31" over to 2 March; this refuses it.
 */
export function parseInstant(value: string): Date | null {
  const match = ISO_INSTANT.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = "0", minute = "0", second = "0", , offsetHours = "0", offsetMinutes = "0"] = match;
  const fieldsValid =
    isCalendarDay(Number(year), Number(month), Number(day)) &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHours) <= 23 &&
    Number(offsetMinutes) <= 59;
  const date = new Date(value);
  return fieldsValid && !Number.isNaN(date.getTime()) ? date : null;
}

/** An instant sent as an ISO 8601 string ("2027-01-15T10:00:00.000Z"); impossible dates are refused. */
export function instant(label: string, required = `${label} is required.`) {
  return z.union([z.string(), z.undefined()], { error: `${label} is not a real date.` }).transform((value, context) => {
    const date = value === undefined ? null : parseInstant(value.trim());
    if (!date) {
      context.addIssue({ code: "custom", message: value === undefined || value.trim() === "" ? required : `${label} is not a real date.` });
      return z.NEVER;
    }
    return date;
  });
}

/** A calendar day as "YYYY-MM-DD" (a date column), e.g. a date of birth. */
export function isCalendarDayText(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

// Pages

/** The longest reason or note a person writes for someone else to read (an objection, a disqualification, a revision). */
export const REASON_MAX = 2000;

export const MAX_PAGE = 10_000;

/** ?page= for a route handler: page 1 when absent; anything but a whole number from 1 to 10000 is refused. */
export const pageQuery = wholeNumber("The page", { min: 1, max: MAX_PAGE }).default(1);

/** ?page= for a page: whatever the address says, the nearest page there is, never an error. */
export function pageParam(value: string | string[] | undefined): number {
  const page = Number(typeof value === "string" ? value : 1);
  return Number.isInteger(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1;
}

/** A text parameter for a page (a search, a filter): trimmed, cut to `max`, invisible characters removed; undefined when blank. */
export function textParam(value: string | string[] | undefined, max = 200): string | undefined {
  const text = typeof value === "string" ? stripInvisible(value).trim().slice(0, max) : "";
  return text === "" ? undefined : text;
}

/** A base no real address shares: a path resolved against it that ends up elsewhere left the site. */
const SITE_ORIGIN = "http://site.invalid";

/**
 * A path on this site from a page parameter, or undefined. Browsers read "//host", "/\host" and
 * "/<tab>/host" as another site, so the value is resolved as a URL and kept only if it stays here;
 * the normalised path, query and fragment are returned.
 */
export function sitePathParam(value: string | string[] | undefined, max = 500): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > max) return undefined;
  try {
    const url = new URL(value, SITE_ORIGIN);
    return url.origin === SITE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}
