import type { Pace } from "./start-pace";

export interface AdmissionOptions {
  /** Pieces of work run at once. */
  limit: number;
  /** The pieces the line lets through a second when it is full (turns are handed out at it), told how long each piece took. */
  pace: Pace;
  /** How long a newcomer may wait in line at that pace; beyond it the call is refused with a turn to come back at. */
  maxWaitSeconds: number;
  /** The error a refused caller gets, given the whole seconds until its turn. */
  refusal: (retryAfterSeconds: number) => Error;
  now?: () => number;
}

/**
 * Runs at most `limit` pieces of work at once; the others wait their turn, first come first
 * served, for up to `maxWaitSeconds`. On exam day every participant presses Start within seconds:
 * unlimited, their queries would fill the database pool's queue and every answer save would wait
 * behind them; queued without end, each start would hold its connection (and a proxy's) for half
 * a minute. Past the wait, a caller is refused with its own later turn, handed out at the line's pace,
 * so the refused come back spread out, not as a second burst.
 *
 * The pace is learnt (./start-pace.ts) from how long the work let in takes, with answer saves
 * told by their routes: a refused caller costs nothing to time. Only this instance's own line is
 * kept here; nothing another instance would need.
 */
export function admission({ limit, pace, maxWaitSeconds, refusal, now = () => performance.now() / 1000 }: AdmissionOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];
  // The latest turn handed to a refused caller (seconds on `now`'s clock).
  let lastTurnHandedOut = -Infinity;

  function refuse(secondsPerTurn: number): never {
    const at = now();
    const lineClears = at + (waiting.length + 1) * secondsPerTurn;
    lastTurnHandedOut = Math.max(lastTurnHandedOut + secondsPerTurn, lineClears);
    throw refusal(Math.max(1, Math.ceil(lastTurnHandedOut - at)));
  }

  return async function admit<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else {
      const secondsPerTurn = 1 / pace.current();
      if ((waiting.length + 1) * secondsPerTurn > maxWaitSeconds) refuse(secondsPerTurn);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      pace.observe(performance.now() - started);
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
