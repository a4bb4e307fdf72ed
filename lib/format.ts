import { intlLocale, type Language } from "@/lib/i18n/schemas";

/** Times are stored in UTC and shown in India time. */
const INDIA = "Asia/Kolkata";

/** Each language's date formats, made once: Intl formatters are costly to create. */
function makeFormats(language: Language) {
  const locale = intlLocale(language);
  // Hindi names the time of day ("सुबह 10:00") where hi-IN's default would put an English "am" into a Hindi sentence.
  const clock = { timeZone: INDIA, ...(language === "hi" ? { dayPeriod: "short" as const } : {}) };
  return {
    date: new Intl.DateTimeFormat(locale, { timeZone: INDIA, day: "2-digit", month: "short", year: "numeric" }),
    dateTime: new Intl.DateTimeFormat(locale, { ...clock, day: "2-digit", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }),
    timeWithSeconds: new Intl.DateTimeFormat(locale, { ...clock, day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit" }),
    dayAndTime: new Intl.DateTimeFormat(locale, { ...clock, day: "numeric", month: "short", hour: "numeric", minute: "2-digit" }),
  };
}
const FORMATS = { en: makeFormats("en"), hi: makeFormats("hi") };

/** The dashboard's short dates (dd/mm/yy): digits only, the same in both languages. */
const shortIndiaDate = new Intl.DateTimeFormat("en-GB", { timeZone: INDIA, day: "2-digit", month: "2-digit", year: "2-digit" });

export function formatShortIndiaDate(date: Date): string {
  return shortIndiaDate.format(date);
}

export function formatIndiaDate(date: Date, language: Language = "en"): string {
  return FORMATS[language].date.format(date);
}

/** The same calendar day in India, whatever the server's own time zone. */
export function isSameIndiaDay(a: Date, b: Date): boolean {
  return formatIndiaDate(a) === formatIndiaDate(b);
}

/** A date close enough to need no year: "30 Nov, 10:00 am". */
export function formatIndiaDayAndTime(date: Date, language: Language = "en"): string {
  return FORMATS[language].dayAndTime.format(date);
}

export function formatIndiaDateTime(date: Date, language: Language = "en"): string {
  return `${FORMATS[language].dateTime.format(date)} IST`;
}

/** Focus-log events are seconds apart, so the minute-level formatIndiaDateTime would merge them. */
export function formatIndiaTimeWithSeconds(date: Date, language: Language = "en"): string {
  return `${FORMATS[language].timeWithSeconds.format(date)} IST`;
}

/** Time taken as mm:ss; minutes keep counting past 59 rather than rolling into hours. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

/** Time taken as hh:mm:ss (the exam summary and the demo result); a negative or fractional count is clamped to whole seconds from zero. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const twoDigits = (value: number) => String(value).padStart(2, "0");
  return `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor((seconds % 3600) / 60))}:${twoDigits(seconds % 60)}`;
}

export function ordinal(rank: number): string {
  const suffixes: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };
  return `${rank}${suffixes[new Intl.PluralRules("en", { type: "ordinal" }).select(rank)]}`;
}
