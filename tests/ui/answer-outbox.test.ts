import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnswerValue } from "@/components/exam/answer";
import { AnswerOutbox, overdue, retryDelay, saveMark, type AnswerSave } from "@/components/exam/answerOutbox";
import { failureCause, reportReachable } from "@/components/exam/connectivity";

const QUIZ = "5eed0000-0000-4000-8001-000000000002";
/** The attempt's deadline every stored save answers with. */
const DEADLINE = "2026-11-30T10:40:00.000Z";

/** A save of an option (a number) or of any kind of answer. */
function answer(questionId: string, given: number | AnswerValue, answeredAt = new Date().toISOString()): AnswerSave {
  return { questionId, ...(typeof given === "number" ? { selectedOptionIndex: given } : given), answeredAt, currentQuestionIndex: 0, timeLeftSeconds: 1000 };
}

type Reply = number | ((path: string, body: { questionId?: string }) => number);

/** A server whose answer saves answer `reply` (a status, or one per request) until told otherwise; keeps the saves it got. */
function server(initialReply: Reply) {
  let reply = initialReply;
  const saves: unknown[] = [];
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: { body: string }) => {
      const body = JSON.parse(init.body);
      saves.push(body);
      paths.push(path);
      const status = typeof reply === "number" ? reply : reply(path, body);
      return new Response(JSON.stringify(status === 200 ? { saved: true, deadlineAt: DEADLINE } : { message: "refused" }), { status });
    }),
  );
  return { saves, paths, answerWith: (next: Reply) => (reply = next) };
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

  it("passes on the deadline a stored save answers with (how a running exam learns of extra time), and nothing from a refused one", async () => {
    const { answerWith, outbox, close } = outboxWithOneChoice(503);
    const reported: string[] = [];
    outbox.whenDeadlineReported((deadlineAt) => reported.push(deadlineAt));
    await vi.advanceTimersByTimeAsync(0);
    expect(reported).toEqual([]);
    answerWith(200);
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(reported).toEqual([DEADLINE]);
    close();
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

  it("retries early at most once a second while other requests succeed: a success sooner brings the retry to that second's end, and is not lost", async () => {
    const { saves, close } = outboxWithOneChoice(503);
    await vi.advanceTimersByTimeAsync(0);
    const before = saves.length;
    // Right after a failed attempt: no retry at once, but one when the second is up, not after the 2 s back-off.
    reportReachable();
    reportReachable();
    await vi.advanceTimersByTimeAsync(999);
    expect(saves.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.length).toBe(before + 1);
    // Again, now that the back-off is 4 s.
    await vi.advanceTimersByTimeAsync(400);
    reportReachable();
    await vi.advanceTimersByTimeAsync(599);
    expect(saves.length).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.length).toBe(before + 2);
    // A second past the last attempt, a success retries at once.
    await vi.advanceTimersByTimeAsync(1000);
    reportReachable();
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.length).toBe(before + 3);
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

describe("the answer outbox's batches", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** An outbox whose first save (q1) failed, with q2 and q3 queued behind it: three waiting. */
  async function threeWaiting() {
    const connection = server(503);
    const outbox = new AnswerOutbox(QUIZ);
    for (const questionId of ["q1", "q2", "q3"]) outbox.save(answer(questionId, 2));
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.paths).toEqual([`/api/exam/${QUIZ}/answers`]);
    return { ...connection, outbox };
  }

  it("sends every waiting answer in one request", async () => {
    const { saves, paths, answerWith, outbox } = await threeWaiting();
    answerWith(200);
    await outbox.flush();
    expect(paths.slice(1)).toEqual([`/api/exam/${QUIZ}/answers/batch`]);
    expect((saves[1] as { answers: AnswerSave[] }).answers.map((save) => save.questionId)).toEqual(["q1", "q2", "q3"]);
    for (const questionId of ["q1", "q2", "q3"]) expect(saveMark(outbox.getState(), questionId)).toBe("saved");
    outbox.dispose();
  });

  it("sends a refused batch one by one, so only the refused answer is dropped", async () => {
    const { paths, answerWith, outbox } = await threeWaiting();
    answerWith((path, body) => (path.endsWith("/batch") || body.questionId === "q2" ? 400 : 200));
    expect(await outbox.flush()).toBe("saved");
    expect(paths.slice(1)).toEqual([`/api/exam/${QUIZ}/answers/batch`, ...Array(3).fill(`/api/exam/${QUIZ}/answers`)]);
    expect([...outbox.getState().stored.keys()]).toEqual(["q1", "q3"]);
    expect(outbox.getState().saving.size).toBe(0);
    outbox.dispose();
  });

  it("keeps a batch waiting when the server is busy, and closes on the exam's end", async () => {
    const { paths, answerWith, outbox } = await threeWaiting();
    expect(await outbox.flush()).toBe("unsaved");
    expect(outbox.getState().saving.size).toBe(3);
    const closed = vi.fn();
    outbox.whenClosed(closed);
    answerWith(409);
    expect(await outbox.flush()).toBe("closed");
    expect(paths.at(-1)).toBe(`/api/exam/${QUIZ}/answers/batch`);
    expect(closed).toHaveBeenCalledTimes(1);
    outbox.dispose();
  });
});

describe("the answer outbox with answers of every type", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends a number being typed once typing pauses, only its last text, and at once when flushed", async () => {
    const { saves } = server(200);
    const outbox = new AnswerOutbox(QUIZ);
    const start = Date.now();
    outbox.save(answer("q1", { typedAnswer: "4" }, new Date(start).toISOString()), { afterMs: 1500 });
    await vi.advanceTimersByTimeAsync(1000);
    outbox.save(answer("q1", { typedAnswer: "42" }, new Date(start + 1000).toISOString()), { afterMs: 1500 });
    await vi.advanceTimersByTimeAsync(1499);
    expect(saves).toEqual([]);
    expect(saveMark(outbox.getState(), "q1")).toBe("saving");
    await vi.advanceTimersByTimeAsync(1);
    expect(saves).toEqual([expect.objectContaining({ questionId: "q1", typedAnswer: "42" })]);
    expect(saveMark(outbox.getState(), "q1")).toBe("saved");

    // The submit's flush does not wait for the pause.
    outbox.save(answer("q2", { typedAnswer: "2.50" }), { afterMs: 1500 });
    expect(await outbox.flush()).toBe("saved");
    expect(saves.at(-1)).toEqual(expect.objectContaining({ questionId: "q2", typedAnswer: "2.50" }));
    outbox.dispose();
  });

  it("counts the server's answers of every type as stored, and an answer cleared to nothing as unanswered once saved", async () => {
    const { saves } = server(200);
    const outbox = new AnswerOutbox(QUIZ, { q1: [0, 2], q2: "2.50", q3: 1 });
    outbox.save(answer("q1", { selectedOptions: [0, 2] }));
    outbox.save(answer("q2", { typedAnswer: "2.50" }));
    for (const questionId of ["q1", "q2", "q3"]) expect(saveMark(outbox.getState(), questionId)).toBe("saved");

    outbox.save(answer("q1", { selectedOptions: [] }));
    outbox.save(answer("q2", { typedAnswer: null }));
    expect(saveMark(outbox.getState(), "q1")).toBe("saving");
    expect(await outbox.flush()).toBe("saved");
    expect(saves.at(-1)).toEqual({ answers: [expect.objectContaining({ questionId: "q1", selectedOptions: [] }), expect.objectContaining({ questionId: "q2", typedAnswer: null })] });
    expect(saveMark(outbox.getState(), "q1")).toBe("none");
    expect(saveMark(outbox.getState(), "q2")).toBe("none");
    expect([...outbox.getState().stored.keys()]).toEqual(["q3"]);
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
