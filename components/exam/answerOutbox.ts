import { ApiError, callApi } from "@/lib/client";

export interface AnswerSave {
  questionId: string;
  selectedOptionIndex: number;
  answeredAt: string;
  currentQuestionIndex: number;
  timeLeftSeconds: number;
}

/** saved: the server has every answer; unsaved: some are still waiting; closed: the exam ended. */
export type FlushResult = "saved" | "unsaved" | "closed";

type Sent = { outcome: "saved" | "retry" | "refused" } | { outcome: "closed"; message: string };

const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;

function retryable(status: number): boolean {
  // A lost session or a busy server may recover; any other refusal would be refused again.
  return status >= 500 || status === 401 || status === 408 || status === 429;
}

/**
 * Answer saves on their way to the server. A failed save waits and is retried with back-off;
 * a newer choice for the same question replaces one not yet sent, and the server itself keeps
 * only the newest by answeredAt, so a late retry never undoes a later choice.
 */
export class AnswerOutbox {
  private readonly pending = new Map<string, AnswerSave>();
  private running: Promise<FlushResult> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private onClosed: (message: string) => void = () => undefined;

  constructor(private readonly quizId: string) {}

  /** Called when the server refuses because the exam is over (time up, or submitted elsewhere). */
  whenClosed(listener: (message: string) => void) {
    this.onClosed = listener;
  }

  save(answer: AnswerSave) {
    const queued = this.pending.get(answer.questionId);
    if (queued && queued.answeredAt > answer.answeredAt) return;
    this.pending.set(answer.questionId, answer);
    void this.run();
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
    this.running ??= this.drain().then((result) => {
      this.running = null;
      this.failures = result === "unsaved" ? this.failures + 1 : 0;
      if (result === "unsaved") {
        this.retryTimer = setTimeout(() => void this.run(), Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.failures));
      }
      return result;
    });
    return this.running;
  }

  private async drain(): Promise<FlushResult> {
    for (;;) {
      const next = this.pending.values().next();
      if (next.done) return "saved";
      const answer = next.value;
      const sent = await this.send(answer);
      if (sent.outcome === "retry") return "unsaved";
      if (sent.outcome === "closed") {
        this.pending.clear();
        this.onClosed(sent.message);
        return "closed";
      }
      // A newer choice that arrived while this one was on its way still has to go.
      if (this.pending.get(answer.questionId) === answer) this.pending.delete(answer.questionId);
    }
  }

  private async send(answer: AnswerSave): Promise<Sent> {
    try {
      await callApi(`/api/exam/${this.quizId}/answers`, { method: "PUT", json: answer });
      return { outcome: "saved" };
    } catch (error) {
      if (!(error instanceof ApiError) || retryable(error.status)) return { outcome: "retry" };
      if (error.status === 409) return { outcome: "closed", message: error.message };
      return { outcome: "refused" };
    }
  }
}
