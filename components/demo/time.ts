const pad = (value: number) => String(value).padStart(2, "0");

/** The demo's time taken, hh:mm:ss (SPEC §2). */
export function formatTimeTaken(totalSeconds: number): string {
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}`;
}
