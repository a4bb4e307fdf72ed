/**
 * Runs at most `limit` pieces of work at once; the others wait their turn, first come first
 * served. On exam day every participant presses Start within seconds: unlimited, their queries
 * fill the database pool's queue and every answer save waits behind them. Only this instance's
 * own queue is kept here; nothing another instance would need.
 */
export function admission(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function admit<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
