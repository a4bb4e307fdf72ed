import { finaliseOverdueAttempts } from "./service";

const SWEEP_INTERVAL_MS = 30_000;

/**
 * Submits attempts whose browser is gone once their deadline passes. Every instance sweeps;
 * the finalising UPDATE only touches unsubmitted rows, so each attempt is finalised once.
 */
export function startOverdueAttemptSweeper(): void {
  const timer = setInterval(() => {
    finaliseOverdueAttempts().catch((error: unknown) => console.error("finalising overdue attempts failed:", error));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
}
