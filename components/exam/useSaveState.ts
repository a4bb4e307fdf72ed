import { useEffect, useState, useSyncExternalStore } from "react";
import { overdue, type AnswerOutbox, type OutboxState } from "./answerOutbox";

/** An answer waiting longer than this brings up the "not saved yet" banner. */
const LATE_SAVE_MS = 4000;

/** The outbox's state (what the server stores, what is saving), and whether an answer is late. */
export function useSaveState(outbox: AnswerOutbox): { state: OutboxState; late: boolean } {
  const state = useSyncExternalStore(outbox.subscribe, outbox.getState, outbox.getState);
  const [now, setNow] = useState(() => Date.now());
  const { late, inMs } = overdue(state, now, LATE_SAVE_MS);

  // Wakes once when the oldest waiting answer turns late.
  useEffect(() => {
    if (inMs === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), inMs + 1);
    return () => clearTimeout(timer);
  }, [inMs]);

  // Flushes at once when the connection returns.
  useEffect(() => outbox.listen(), [outbox]);

  return { state, late };
}
