/** The pace a start line lets starts in, and what it learns from. */
export interface Pace {
  /** Starts a second, now. */
  current(): number;
  /** How long a request the pace protects took to serve (an answer save, a start's own work). */
  observe(milliseconds: number): void;
  /** That the line let one in. */
  letIn(): void;
}

export interface LearntPaceOptions {
  /** Turns a second the pace never passes, however fast the server is. */
  ceiling: number;
  /** The 95th percentile of a second's answer saves and starts the pace keeps under. */
  targetMs: number;
  /** Told each new pace (for the metrics). */
  onChange?: (pace: number) => void;
  /** Seconds on a monotonic clock. */
  now?: () => number;
}

/**
 * The share of its ceiling the pace never falls below (and 1 a second): a stalled instance still
 * lets some in, and the turns handed out while a hall's first presses keep the instance busy are
 * never spread thinner than that.
 */
const FLOOR_SHARE = 1 / 10;
/** How long a measurement lasts before the pace moves on it. */
const INTERVAL_SECONDS = 1;
/** A second over target cuts the pace to this share of itself. */
const DECREASE = 0.7;
/** A second within target (or with nothing served) raises the pace by this share of the ceiling. */
const INCREASE_SHARE = 1 / 20;
/** At most this many durations are kept for a second's percentile (a sample, when more come). */
const SAMPLES_KEPT = 2_000;

/**
 * Additive increase, multiplicative decrease (AIMD, the rule of TCP's congestion control; Chiu
 * and Jain, 1989) on the p95 of the last second's answer saves and starts against a target: the
 * pace climbs by a twentieth of its ceiling each second they stay within it, and falls to 70 % in
 * a second they do not: 70 % of itself, or of what the line let in that second when that was less
 * (a pace the line did not reach protected nothing, and cutting it would not slow the starts; TCP
 * validates its window the same way, RFC 7661). AIMD finds the pace a server sustains without
 * knowing the machine, gives it up quickly when the database or this instance slows, and needs
 * only what this instance sees, so every instance runs its own against the shared database's
 * latency and no state is shared.
 *
 * It learns from work that was served, never from refusals, and starts at its ceiling. It does not
 * judge how busy the instance is (its event loop's utilisation): tried, a hall's first presses
 * kept it busy and cut the pace to its floor whatever the saves did. The turns the refused are
 * given come from what the line lets in, not from the pace (./admission.ts).
 */
export function learntPace({ ceiling, targetMs, onChange, now = () => performance.now() / 1000 }: LearntPaceOptions): Pace {
  const floor = Math.max(1, ceiling * FLOOR_SHARE);
  const increase = Math.max(1, ceiling * INCREASE_SHARE);
  let pace = ceiling;
  let intervalStarted = now();
  let durations: number[] = [];
  let seen = 0;
  let letInThisInterval = 0;
  onChange?.(pace);

  function settle(at: number): void {
    const elapsed = Math.floor((at - intervalStarted) / INTERVAL_SECONDS);
    if (elapsed < 1) return;
    // The interval just ended judges the pace; the seconds after it, with nothing served, raise it.
    // A cut counts from what the line let in, when that was less: a pace it did not reach protected nothing.
    const slow = durations.length > 0 && percentile95(durations) > targetMs;
    pace = slow ? Math.max(floor, Math.min(pace, letInThisInterval / INTERVAL_SECONDS) * DECREASE) : Math.min(ceiling, pace + increase);
    pace = Math.min(ceiling, pace + increase * (elapsed - 1));
    onChange?.(pace);
    intervalStarted += elapsed * INTERVAL_SECONDS;
    durations = [];
    seen = 0;
    letInThisInterval = 0;
  }

  return {
    current() {
      settle(now());
      return pace;
    },
    letIn() {
      settle(now());
      letInThisInterval++;
    },
    observe(milliseconds) {
      settle(now());
      seen++;
      // Reservoir sampling keeps a fair sample of a busy second in bounded memory.
      if (durations.length < SAMPLES_KEPT) durations.push(milliseconds);
      else {
        const slot = Math.floor(Math.random() * seen);
        if (slot < SAMPLES_KEPT) durations[slot] = milliseconds;
      }
    },
  };
}

function percentile95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}
