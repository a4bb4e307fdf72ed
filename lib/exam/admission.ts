export interface AdmissionOptions {
  /** Pieces of work run at once. */
  limit: number;
  /** How long a newcomer may wait in line, by the recent pace; beyond it the call is refused with a turn to come back at. */
  maxWaitSeconds: number;
  /** The error a refused caller gets, given the whole seconds until its turn. */
  refusal: (retryAfterSeconds: number) => Error;
  /** The pace assumed before any work has finished. */
  initialSecondsPerPiece?: number;
  now?: () => number;
}

/**
 * Runs at most `limit` pieces of work at once; the others wait their turn, first come first
 * served, for up to `maxWaitSeconds`. On exam day every participant presses Start within seconds:
 * unlimited, their queries would fill the database pool's queue and every answer save would wait
 * behind them; queued without end, each start would hold its connection (and a proxy's) for half
 * a minute. Past the wait, a caller is refused with its own later turn: turns are handed out at
 * the pace work has been finishing, so the refused come back spread out, not as a second burst.
 * Only this instance's own queue is kept here; nothing another instance would need.
 */
export function admission({ limit, maxWaitSeconds, refusal, initialSecondsPerPiece = 0.05, now = () => performance.now() / 1000 }: AdmissionOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A moving average of how long one piece takes; with `limit` at once, the line moves `limit` pieces per that.
  let secondsPerPiece = initialSecondsPerPiece;
  // The latest turn handed to a refused caller (seconds on `now`'s clock).
  let lastTurn = -Infinity;

  const secondsBetweenTurns = () => secondsPerPiece / limit;

  function refuse(): never {
    const at = now();
    const lineClears = at + (waiting.length + 1) * secondsBetweenTurns();
    lastTurn = Math.max(lastTurn + secondsBetweenTurns(), lineClears);
    throw refusal(Math.max(1, Math.ceil(lastTurn - at)));
  }

  return async function admit<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else if ((waiting.length + 1) * secondsBetweenTurns() > maxWaitSeconds) refuse();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    const began = now();
    try {
      return await work();
    } finally {
      secondsPerPiece = 0.9 * secondsPerPiece + 0.1 * (now() - began);
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
