export interface AdmissionOptions {
  /** Pieces of work run at once. */
  limit: number;
  /** Pieces the line lets through a second when it is full: the pace turns are handed out at. */
  perSecond: number;
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
 * a minute. Past the wait, a caller is refused with its own later turn, handed out `perSecond`,
 * so the refused come back spread out, not as a second burst.
 *
 * The pace is set, not measured: while a hall's requests pour in, everything on the instance is
 * slow, and a pace learnt then would send the last of them away for minutes. One set too fast
 * costs only another quick refusal for those who come back before there is room.
 * Only this instance's own line is kept here; nothing another instance would need.
 */
export function admission({ limit, perSecond, maxWaitSeconds, refusal, now = () => performance.now() / 1000 }: AdmissionOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const secondsPerTurn = 1 / perSecond;
  // The latest turn handed to a refused caller (seconds on `now`'s clock).
  let lastTurnHandedOut = -Infinity;

  function refuse(): never {
    const at = now();
    const lineClears = at + (waiting.length + 1) * secondsPerTurn;
    lastTurnHandedOut = Math.max(lastTurnHandedOut + secondsPerTurn, lineClears);
    throw refusal(Math.max(1, Math.ceil(lastTurnHandedOut - at)));
  }

  return async function admit<T>(work: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else if ((waiting.length + 1) * secondsPerTurn > maxWaitSeconds) refuse();
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
