/** Times are stored in UTC and shown in India time (as in lib/format.ts), here to the second. */
const indiaTimeWithSeconds = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "2-digit",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Focus-log events are seconds apart, so the minute-level formatIndiaDateTime would merge them. */
export function formatIndiaTimeWithSeconds(date: Date): string {
  return `${indiaTimeWithSeconds.format(date)} IST`;
}

/** Time taken as mm:ss; minutes keep counting past 59 rather than rolling into hours. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}
