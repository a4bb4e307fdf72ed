import { callApi } from "@/lib/client";
import { reportReachable } from "./connectivity";
import { readStored, writeStored } from "./storage";

export type FocusKind =
  | "blur"
  | "long-focus-loss"
  | "visibility-hidden"
  | "fullscreen-exit"
  | "fullscreen-enter"
  | "copy"
  | "cut"
  | "paste"
  | "context-menu"
  | "devtools"
  | "refresh"
  | "leave"
  | "log-tampered";

interface FocusEvent {
  kind: FocusKind;
  occurredAt: string;
  durationMs?: number;
  detail?: string;
}

/** The server takes at most this many events per request. */
const MAX_BATCH = 200;

/**
 * The proctoring log of one attempt: kept in memory, mirrored to localStorage as
 * examLogs_{quizId}_{participantId} = { timestamp, events } (SPEC §3), and sent to the server
 * in batches. The in-memory copy is the reference: a stored copy that differs from it was
 * edited outside the app, so it is restored and the edit itself is logged.
 */
export class ExamLog {
  private events: FocusEvent[] = [];
  private sent = 0;
  private written: string | null = null;
  private sending: Promise<void> | null = null;

  constructor(
    private readonly quizId: string,
    private readonly storageKey: string,
  ) {}

  /**
   * Picks up the log of this attempt after a reload. Its events were sent as that page was
   * hidden, so only new ones go to the server from here.
   */
  open(resuming: boolean) {
    const stored = resuming ? (readStored(this.storageKey) as { events?: unknown } | null) : null;
    this.events = Array.isArray(stored?.events) ? (stored.events as FocusEvent[]) : [];
    this.sent = this.events.length;
    this.persist();
  }

  record(kind: FocusKind, extra: Pick<FocusEvent, "durationMs" | "detail"> = {}) {
    this.events.push({ kind, occurredAt: new Date().toISOString(), ...extra });
    this.persist();
  }

  checkIntegrity() {
    // If the browser refuses to store the log there is nothing to compare.
    if (this.written !== null && localStorage.getItem(this.storageKey) !== this.written) this.record("log-tampered");
  }

  /** Sends the events the server does not have yet; failures wait for the next flush. */
  flush(): Promise<void> {
    this.sending ??= this.sendPending().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  /** The page is going away: a keepalive request outlives it, an ordinary one would not. */
  flushOnUnload() {
    const events = this.events.slice(this.sent);
    if (events.length === 0) return;
    this.sent = this.events.length;
    void fetch(`/api/exam/${this.quizId}/focus-events`, {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ events: events.slice(-MAX_BATCH) }),
    }).catch(() => undefined);
  }

  private async sendPending() {
    while (this.sent < this.events.length) {
      const batch = this.events.slice(this.sent, this.sent + MAX_BATCH);
      try {
        await callApi(`/api/exam/${this.quizId}/focus-events`, { json: { events: batch } });
      } catch {
        return;
      }
      this.sent += batch.length;
      reportReachable();
    }
  }

  private persist() {
    this.written = writeStored(this.storageKey, { timestamp: Date.now(), events: this.events });
  }
}
