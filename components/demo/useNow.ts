import { useEffect, useState } from "react";

/**
 * The current time from Date.now(), refreshed four times a second while `running`: a
 * countdown derived from it cannot drift, and tests can drive it with a fake clock.
 */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
