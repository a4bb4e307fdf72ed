import { parseInstant } from "@/lib/validation";

/**
 * Admins type times as India sees them, whatever their browser's zone. India keeps one offset
 * all year (UTC+05:30, no daylight saving), so a fixed shift converts exactly.
 */
const INDIA_OFFSET_MS = 330 * 60_000;

/** A stored instant as the value of a datetime-local input ("YYYY-MM-DDTHH:mm", India time). */
export function toIndiaInput(date: Date): string {
  return new Date(date.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as India time, as an ISO instant; undefined when blank, malformed or impossible (31 February). */
export function fromIndiaInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  return parseInstant(`${value}:00+05:30`)?.toISOString();
}
