/** The dashboard's short dates (dd/mm/yy), in India time whatever zone the server runs in. */
const shortIndiaDate = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "2-digit" });

export function formatShortIndiaDate(date: Date): string {
  return shortIndiaDate.format(date);
}
