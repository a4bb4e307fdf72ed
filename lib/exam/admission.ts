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
 * Lets pieces of work in one at a time at the pace (one every 1/pace seconds) and runs at most
 * `limit` at once; the others wait their turn, first come first served, for up to
 * `maxWaitSeconds`. On exam day every participant presses Start within seconds: let in as fast as
 * they come, their starts would take every core and every database connection, and the answer
 * saves of those already writing would wait behind them; queued without end, each start would hold
 * its connection (and a proxy's) for half a minute. Past the wait, a caller is refused with its own
 * later turn, handed out at the pace, so the refused come back spread out, not as a second burst.
 *
 * The pace is learnt (./start-pace.ts) from how long the work let in takes, with answer saves told
 * by their routes: a refused caller costs nothing to time. Only this instance's own line is kept
 * here; nothing another instance would need.
 */
export function admission({ limit, pace, maxWaitSeconds, refusal, now = () => performance.now() / 1000 }: AdmissionOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];
  // When the line may let its next piece in, and the latest turn handed to a refused caller (seconds on `now`'s clock).
  let nextLetInAt = -Infinity;
  let lastTurnHandedOut = -Infinity;
  let wakeUp: ReturnType<typeof setTimeout> | undefined;

  function letIn(at: number): void {
    running++;
    nextLetInAt = Math.max(at, nextLetInAt) + 1 / pace.current();
  }

  /** Lets the first in line in while there is room and its time has come; else wakes at that time. */
  function letInWhoMay(): void {
    while (waiting.length > 0 && running < limit) {
      const at = now();
      if (at < nextLetInAt) {
        wakeUp ??= setTimeout(() => {
          wakeUp = undefined;
          letInWhoMay();
        }, Math.ceil((nextLetInAt - at) * 1000));
        return;
      }
      letIn(at);
      waiting.shift()!();
    }
  }

  function refuse(at: number, wait: number, secondsPerTurn: number): never {
    lastTurnHandedOut = Math.max(lastTurnHandedOut + secondsPerTurn, at + wait + secondsPerTurn);
    throw refusal(Math.max(1, Math.ceil(lastTurnHandedOut - at)));
  }

  return async function admit<T>(work: () => Promise<T>): Promise<T> {
    const at = now();
    if (waiting.length === 0 && running < limit && at >= nextLetInAt) letIn(at);
    else {
      const secondsPerTurn = 1 / pace.current();
      const wait = Math.max(0, nextLetInAt - at) + waiting.length * secondsPerTurn;
      if (wait > maxWaitSeconds) refuse(at, wait, secondsPerTurn);
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        letInWhoMay();
      });
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      pace.observe(performance.now() - started);
      running--;
      letInWhoMay();
    }
  };
}
