/**
 * Rate limits count in fixed windows of the database clock: a burst that must trip a limit starts
 * early in its window, or a slow run splits it across two and no limit trips.
 * `seconds`: the room the burst needs; the wait is up to that long, so a quick burst asks for little.
 */
export async function roomInThisMinute(seconds = 30): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}
