import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerOutbox, overdue, retryDelay, saveMark, type AnswerSave } from "@/components/exam/answerOutbox";
import { failureCause, reportReachable } from "@/components/exam/connectivity";

const QUIZ = "5eed0000-0000-4000-8001-000000000002";

function answer(questionId: string, selectedOptionIndex: number, answeredAt = new Date().toISOString()): AnswerSave {
  return { questionId, selectedOptionIndex, answeredAt, currentQuestionIndex: 0, timeLeftSeconds: 1000 };
}

/** A server whose answer saves answer `status` until told otherwise; counts the saves it got. */
function server(initialStatus: number) {
  let status = initialStatus;
  const saves: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_path: string, init: { body: string }) => {
      saves.push(JSON.parse(init.body));
      return new Response(JSON.stringify({ message: status === 200 ? "ok" : "down" }), { status });
    }),
  );
  return { saves, answerWith: (next: number) => (status = next) };
}

/** An outbox listening for the connection's return, with one choice for q1 sent to `status`. */
function outboxWithOneChoice(status: number) {
  const connection = server(status);
  const outbox = new AnswerOutbox(QUIZ);
  const stop = outbox.listen();
  outbox.save(answer("q1", 1));
  const close = () => {
    stop();
    outbox.dispose();
  };
  return { ...connection, outbox, close };
}

describe("the answer outbox's save state", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("marks a choice saving until the server stores it, and only then answered", async () => {
    const { answerWith, outbox, close } = outboxWithOneChoice(503);
    expect(saveMark(outbox.getState(), "q1")).toBe("saving");
    await vi.advanceTimersByTimeAsync(0);
    expect(saveMark(outbox.getState(), "q1")).toBe("saving");
    expect(saveMark(outbox.getState(), "q2")).toBe("none");

    answerWith(200);
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(saveMark(outbox.getState(), "q1")).toBe("saved");
    expect(outbox.getState().stored.get("q1")).toBe(1);
    close();
  });

  it("flushes at once when any request succeeds or the browser comes online, instead of waiting out the back-off", async () => {
    const { saves, answerWith, outbox, close } = outboxWithOneChoice(503);
    // Five failed rounds: the next retry is 30 s away.
    for (let failures = 1; failures <= 5; failures++) await vi.advanceTimersByTimeAsync(retryDelay(failures - 1) + 1);
    const sentWhileDown = saves.length;
    expect(sentWhileDown).toBeGreaterThanOrEqual(5);
    expect(retryDelay(5)).toBe(30_000);

    answerWith(200);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves.length).toBe(sentWhileDown);
    reportReachable();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.length).toBe(sentWhileDown + 1);
    expect(saveMark(outbox.getState(), "q1")).toBe("saved");
    close();
  });

  it("retries early at most once a second while other requests succeed", async () => {
    const { saves, close } = outboxWithOneChoice(503);
    await vi.advanceTimersByTimeAsync(0);
    const before = saves.length;
    reportReachable();
    reportReachable();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.length).toBe(before);
    await vi.advanceTimersByTimeAsync(999);
    reportReachable();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    reportReachable();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.length).toBe(before + 1);
    close();
  });

  it("does not call a stored answer re-sent for the position unsaved, and says when a save is late", async () => {
    server(503);
    const outbox = new AnswerOutbox(QUIZ, { q1: 3 });
    outbox.save(answer("q1", 3));
    expect(saveMark(outbox.getState(), "q1")).toBe("saved");
    expect(overdue(outbox.getState(), Date.now(), 4000)).toEqual({ late: false });

    const chosenAt = Date.now();
    outbox.save(answer("q1", 0, new Date(chosenAt + 1).toISOString()));
    expect(saveMark(outbox.getState(), "q1")).toBe("saving");
    expect(overdue(outbox.getState(), chosenAt + 1000, 4000)).toEqual({ late: false, inMs: 3000 });
    expect(overdue(outbox.getState(), chosenAt + 4001, 4000)).toEqual({ late: true });
    // A newer choice for a question still waiting keeps its first waiting time.
    await vi.advanceTimersByTimeAsync(2000);
    outbox.save(answer("q1", 1, new Date(chosenAt + 2000).toISOString()));
    expect(overdue(outbox.getState(), chosenAt + 4001, 4000)).toEqual({ late: true });
    outbox.dispose();
  });
});

describe("why a request failed", () => {
  it("blames the server for error statuses and timeouts, the connection for network errors", () => {
    expect(failureCause(undefined, 503)).toBe("server");
    expect(failureCause(new DOMException("timed out", "TimeoutError"))).toBe("server");
    expect(failureCause(new TypeError("Failed to fetch"))).toBe("connection");
  });

  it("blames the connection whenever the browser is offline", () => {
    vi.stubGlobal("navigator", { onLine: false });
    try {
      expect(failureCause(undefined, 503)).toBe("connection");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
