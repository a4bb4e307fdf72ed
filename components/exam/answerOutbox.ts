import { ApiError, callApi } from "@/lib/client";
import { ANSWER_BATCH_MAX, type AnswerSaveRequest } from "@/lib/exam/schemas";
import { answerText, fromServer, type AnswerValue, type ServerAnswer } from "./answer";
import { reportReachable, whenReachable } from "./connectivity";

/** What the exam page queues: the wire's answer save, with exactly one kind of answer and its time. */
export type AnswerSave = Omit<AnswerSaveRequest, "selectedOptionIndex" | "selectedOptions" | "typedAnswer"> & AnswerValue & { answeredAt: string };

/** saved: the server has every answer; unsaved: some are still waiting; closed: the exam ended. */
export type FlushResult = "saved" | "unsaved" | "closed";

/** What the server holds, as far as this browser knows, and what is still on its way. */
export interface OutboxState {
  /** The answer the server stores per question (it acknowledged the save, or sent it), as answerText; a cleared one is absent. */
  stored: ReadonlyMap<string, string>;
  /** Questions whose answer the server does not have yet, with when it began waiting (ms). */
  saving: ReadonlyMap<string, number>;
}

export type SaveMark = "saved" | "saving" | "none";

type Sent = { outcome: "saved" | "retry" | "refused" } | { outcome: "closed"; message: string };
type Pending = AnswerSave & { queuedAt: number };

const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;
/** A save the server neither answers nor refuses in this time is retried. */
const SAVE_TIMEOUT_MS = 10_000;

function retryable(status: number): boolean {
  // A lost session or a busy server may recover; any other refusal would be refused again.
  return status >= 500 || status === 401 || status === 408 || status === 429;
}

/** The wait before the next retry after `failures` failed rounds in a row. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** failures);
}

/** A question's mark: saved only once the server stores the answer given; saving while it is on its way. */
export function saveMark(state: OutboxState, questionId: string): SaveMark {
  if (state.saving.has(questionId)) return "saving";
  return state.stored.has(questionId) ? "saved" : "none";
}

/** Whether an answer has waited longer than `thresholdMs` at `now`; the ms until it will, otherwise. */
export function overdue(state: OutboxState, now: number, thresholdMs: number): { late: boolean; inMs?: number } {
  if (state.saving.size === 0) return { late: false };
  const oldest = Math.min(...state.saving.values());
  const inMs = oldest + thresholdMs - now;
  return inMs < 0 ? { late: true } : { late: false, inMs };
}

/**
 * Answer saves on their way to the server. A failed save waits and is retried with back-off;
 * a newer choice for the same question replaces one not yet sent, and the server itself keeps
 * only the newest by answeredAt, so a late retry never undoes a later choice. When the browser
 * comes back online or any request succeeds, what waits goes at once (or when a second has passed
 * since its last try) instead of after its back-off.
 * Its state (what is stored, what is still saving) is for the screen: a tick means stored.
 */
export class AnswerOutbox {
  private readonly pending = new Map<string, Pending>();
  private readonly stored: Map<string, string>;
  private running: Promise<FlushResult> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryAt = Infinity;
  private failures = 0;
  private lastAttemptAt = -Infinity;
  private onClosed: (message: string) => void = () => undefined;
  private onDeadline: (deadlineAt: string) => void = () => undefined;
  private readonly subscribers = new Set<() => void>();
  private state: OutboxState;

  /** `stored`: the answers the server already has (from the attempt it sent). */
  constructor(
    private readonly quizId: string,
    stored: Record<string, ServerAnswer> = {},
  ) {
    this.stored = new Map(Object.entries(stored).flatMap(([questionId, answer]) => {
      const text = answerText(fromServer(answer));
      return text === undefined ? [] : [[questionId, text]];
    }));
    this.state = this.snapshot();
  }

  /** Called when the server refuses because the exam is over (time up, or submitted elsewhere). */
  whenClosed(listener: (message: string) => void) {
    this.onClosed = listener;
  }

  /** Told the attempt's server deadline with every save: it moves when an admin grants extra time. */
  whenDeadlineReported(listener: (deadlineAt: string) => void) {
    this.onDeadline = listener;
  }

  /** Flushes at once when the connection returns; returns the unsubscribe. */
  listen(): () => void {
    return whenReachable(() => {
      if (this.running || this.pending.size === 0) return;
      // At most one early retry per base interval. News that comes sooner brings the retry forward
      // to the interval's end instead of being dropped: when a server comes back, the other requests
      // that say so come about once a second, and dropping one left answers waiting a second more.
      const earliest = this.lastAttemptAt + RETRY_BASE_MS;
      const now = Date.now();
      if (earliest <= now) void this.run();
      else if (earliest < this.retryAt) this.retryIn(earliest - now);
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  };

  getState = (): OutboxState => this.state;

  /**
   * Queues the answer and sends it now, or, with `afterMs` (a number being typed), once typing has
   * paused that long: each save is a request, and a keystroke is not an answer yet. A flush, a
   * retry or any other save takes it along sooner.
   */
  save(answer: AnswerSave, { afterMs }: { afterMs?: number } = {}) {
    const queued = this.pending.get(answer.questionId);
    if (queued && queued.answeredAt > answer.answeredAt) return;
    // A question that was already waiting keeps waiting since its first unsaved choice.
    const waiting = queued && this.stored.get(answer.questionId) !== answerText(queued);
    this.pending.set(answer.questionId, { ...answer, queuedAt: waiting ? queued.queuedAt : Date.now() });
    this.changed();
    if (afterMs === undefined) void this.run();
    // A server already failing keeps its back-off: the typed answer goes with the next retry.
    else if (!this.running && this.failures === 0) this.retryIn(afterMs);
  }

  /** Sends what is waiting now, without waiting for the back-off. */
  flush(): Promise<FlushResult> {
    return this.run();
  }

  dispose() {
    clearTimeout(this.retryTimer);
  }

  private run(): Promise<FlushResult> {
    clearTimeout(this.retryTimer);
    this.retryAt = Infinity;
    this.running ??= this.drain().then((result) => {
      this.running = null;
      this.failures = result === "unsaved" ? this.failures + 1 : 0;
      if (result === "unsaved") this.retryIn(retryDelay(this.failures));
      return result;
    });
    return this.running;
  }

  private retryIn(ms: number) {
    clearTimeout(this.retryTimer);
    this.retryAt = Date.now() + ms;
    this.retryTimer = setTimeout(() => void this.run(), ms);
  }

  private async drain(): Promise<FlushResult> {
    for (;;) {
      const waiting = [...this.pending.values()].slice(0, ANSWER_BATCH_MAX);
      if (waiting.length === 0) return "saved";
      const sent = await this.send(waiting);
      // One answer the server refuses refuses its whole batch: the others go one by one, so they still land.
      const ended = sent.outcome === "refused" && waiting.length > 1 ? await this.sendOneByOne(waiting) : this.settle(waiting, sent);
      if (ended) return ended;
    }
  }

  private async sendOneByOne(answers: Pending[]): Promise<FlushResult | null> {
    for (const answer of answers) {
      const ended = this.settle([answer], await this.send([answer]));
      if (ended) return ended;
    }
    return null;
  }

  /** Takes in the server's reply to `answers`; returns how the flush ends, or null to go on. */
  private settle(answers: Pending[], sent: Sent): FlushResult | null {
    if (sent.outcome === "retry") return "unsaved";
    if (sent.outcome === "closed") {
      this.pending.clear();
      this.changed();
      this.onClosed(sent.message);
      return "closed";
    }
    for (const answer of answers) {
      if (sent.outcome === "saved") this.store(answer);
      // A newer choice that arrived while this one was on its way still has to go.
      if (this.pending.get(answer.questionId) === answer) this.pending.delete(answer.questionId);
    }
    this.changed();
    return null;
  }

  /** One answer by the single save; several in one request, so a hall reconnecting at once is one request per browser. */
  private async send(answers: Pending[]): Promise<Sent> {
    const saves = answers.map(({ queuedAt: _queuedAt, ...save }) => save);
    const request = saves.length === 1 ? { path: "answers", json: saves[0] } : { path: "answers/batch", json: { answers: saves } };
    this.lastAttemptAt = Date.now();
    try {
      const { deadlineAt } = await callApi<{ deadlineAt?: string }>(`/api/exam/${this.quizId}/${request.path}`, { method: "PUT", json: request.json, timeoutMs: SAVE_TIMEOUT_MS });
      reportReachable();
      // An instance still on the previous release (during a rolling deploy) answers without it.
      if (deadlineAt) this.onDeadline(deadlineAt);
      return { outcome: "saved" };
    } catch (error) {
      if (!(error instanceof ApiError) || retryable(error.status)) return { outcome: "retry" };
      if (error.status === 409) return { outcome: "closed", message: error.message };
      return { outcome: "refused" };
    }
  }

  private store(answer: AnswerSave) {
    const text = answerText(answer);
    if (text === undefined) this.stored.delete(answer.questionId);
    else this.stored.set(answer.questionId, text);
  }

  private snapshot(): OutboxState {
    const saving = new Map<string, number>();
    // Re-sending a stored answer (to keep the position and time left) is not an unsaved answer.
    for (const [questionId, answer] of this.pending) {
      if (this.stored.get(questionId) !== answerText(answer)) saving.set(questionId, answer.queuedAt);
    }
    return { stored: new Map(this.stored), saving };
  }

  private changed() {
    this.state = this.snapshot();
    for (const subscriber of this.subscribers) subscriber();
  }
}
