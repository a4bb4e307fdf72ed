/**
 * Rate limits count in fixed windows of the database clock: a burst that must trip a limit starts
 * early in its window, or a slow run splits it across two and no limit trips.
 * `seconds`: the room the burst needs; the wait is up to that long, so a quick burst asks for little.
 */
export async function roomInThisMinute(seconds = 30): Promise<void> {
  await roomInWindow(60, seconds);
}

/** The same for a limit counted by the hour (sign-ups). */
export async function roomInThisHour(seconds = 30): Promise<void> {
  await roomInWindow(60 * 60, seconds);
}

async function roomInWindow(windowSeconds: number, seconds: number): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}
