/** Times are stored in UTC and shown in India time. */
const INDIA = "Asia/Kolkata";

const dateFormat = new Intl.DateTimeFormat("en-IN", { timeZone: INDIA, day: "2-digit", month: "short", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA,
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatIndiaDate(date: Date): string {
  return dateFormat.format(date);
}

export function formatIndiaDateTime(date: Date): string {
  return `${dateTimeFormat.format(date)} IST`;
}

export function formatMinutes(seconds: number): string {
  return `${Math.round(seconds / 60)} minutes`;
}

export function ordinal(rank: number): string {
  const suffixes: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };
  return `${rank}${suffixes[new Intl.PluralRules("en", { type: "ordinal" }).select(rank)]}`;
}
