import { useEffect, useEffectEvent, useRef, useState } from "react";

const TICK_MS = 250;

interface ExamClockOptions {
  initialSeconds: number;
  /**
   * The server's hard deadline on this browser's clock; paused time counts against it too. When
   * it moves (an admin granted extra time), the visible time left moves by as much.
   */
  deadlineMs: number;
  /** False while out of full-screen mode or submitting: the visible clock stands still. */
  running: boolean;
  onExpire: () => void;
}

/**
 * Seconds left on the visible timer. It measures elapsed time rather than counting ticks, so
 * a throttled or late interval never gives the participant extra time.
 */
export function useExamClock({ initialSeconds, deadlineMs, running, onExpire }: ExamClockOptions): number {
  const remainingMs = useRef(initialSeconds * 1000);
  const followedDeadline = useRef(deadlineMs);
  const [secondsLeft, setSecondsLeft] = useState(initialSeconds);

  useEffect(() => {
    remainingMs.current = Math.max(0, remainingMs.current + deadlineMs - followedDeadline.current);
    followedDeadline.current = deadlineMs;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      if (running) remainingMs.current -= now - last;
      last = now;
      remainingMs.current = Math.max(0, Math.min(remainingMs.current, deadlineMs - Date.now()));
      // Same value, no render: the page renders once a second, not at every tick.
      setSecondsLeft(Math.ceil(remainingMs.current / 1000));
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [running, deadlineMs]);

  const expired = secondsLeft <= 0;
  const expire = useEffectEvent(onExpire);
  useEffect(() => {
    if (expired) expire();
  }, [expired]);

  return secondsLeft;
}
