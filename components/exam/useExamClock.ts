import { useEffect, useEffectEvent, useRef, useState } from "react";

const TICK_MS = 250;

interface ExamClockOptions {
  initialSeconds: number;
  /**
   * The server's hard deadline on this browser's clock. When it moves (an admin granted extra
   * time), the visible time left moves by as much.
   */
  deadlineMs: number;
  onExpire: () => void;
}

/**
 * Seconds left on the visible timer. One clock for everyone (SPEC §10): it never stops, in or out
 * of full-screen mode. It measures elapsed time rather than counting ticks, so a throttled or late
 * interval never gives the participant extra time.
 */
export function useExamClock({ initialSeconds, deadlineMs, onExpire }: ExamClockOptions): number {
  const remainingMs = useRef(initialSeconds * 1000);
  const followedDeadline = useRef(deadlineMs);
  const [secondsLeft, setSecondsLeft] = useState(initialSeconds);

  useEffect(() => {
    remainingMs.current = Math.max(0, remainingMs.current + deadlineMs - followedDeadline.current);
    followedDeadline.current = deadlineMs;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      remainingMs.current -= now - last;
      last = now;
      remainingMs.current = Math.max(0, Math.min(remainingMs.current, deadlineMs - Date.now()));
      // Same value, no render: the page renders once a second, not at every tick.
      setSecondsLeft(Math.ceil(remainingMs.current / 1000));
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadlineMs]);

  const expired = secondsLeft <= 0;
  const expire = useEffectEvent(onExpire);
  useEffect(() => {
    if (expired) expire();
  }, [expired]);

  return secondsLeft;
}
