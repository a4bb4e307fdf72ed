import { afterEach, describe, expect, it, vi } from "vitest";
import { progressKey, restoreProgress } from "@/components/exam/useExamProgress";
import type { ExamView } from "@/lib/exam";
import { memoryStorage } from "../support/memory-storage";


const NOW = Date.parse("2026-11-26T10:00:00Z");
const KEY = progressKey("quiz", "participant");

/** The server's view of an attempt with `deadlineInSeconds` to go and its own count of time left. */
function view(deadlineInSeconds: number, timeLeftSeconds: number, overrides: Partial<ExamView> = {}): ExamView {
  return {
    attemptId: "attempt",
    quizId: "quiz",
    title: "Quiz",
    durationSeconds: 1800,
    marksPerQuestion: 1,
    sections: [],
    totalMarks: 0,
    questions: [],
    answers: {},
    currentQuestionIndex: 0,
    timeLeftSeconds,
    deadlineAt: new Date(NOW + deadlineInSeconds * 1000).toISOString(),
    serverNow: new Date(NOW).toISOString(),
    submitted: null,
    paper: null,
    ...overrides,
  };
}

/** This browser's progress: `timeLeft` counted against a deadline `deadlineInSeconds` from now. */
function stored(timeLeft: number, deadlineInSeconds?: number) {
  const deadlineAt = deadlineInSeconds === undefined ? undefined : new Date(NOW + deadlineInSeconds * 1000).toISOString();
  vi.stubGlobal("localStorage", memoryStorage({ [KEY]: JSON.stringify({ currentIndex: 0, savedAnswers: {}, timeLeft, deadlineAt, quizSubmitted: false }) }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("resuming after extra time was granted", () => {
  it("moves this browser's own count by as much as the server deadline moved", () => {
    // 1,000 s left here against a deadline 1,100 s away; then 10 minutes were granted.
    stored(1000, 1100);
    expect(restoreProgress(KEY, view(1700, 1660), true).secondsLeft).toBe(1600);
  });

  it("takes time away again when the extra time was removed", () => {
    stored(1000, 1100);
    expect(restoreProgress(KEY, view(800, 1200), true).secondsLeft).toBe(700);
  });

  it("keeps the least of the counts when the deadline did not move, or the browser kept no deadline", () => {
    stored(1000, 1100);
    expect(restoreProgress(KEY, view(1100, 1050), true).secondsLeft).toBe(1000);
    stored(1000);
    expect(restoreProgress(KEY, view(1700, 1660), true).secondsLeft).toBe(1000);
  });
});

describe("the question a resumed exam opens on", () => {
  /** An attempt of five questions that the server last heard was at question `place` + 1. */
  const atPlace = (place: number) => view(1100, 1000, { questions: ["q1", "q2", "q3", "q4", "q5"].map((id) => ({ id }) as ExamView["questions"][number]), currentQuestionIndex: place });
  const storedPlace = (currentIndex: unknown) =>
    vi.stubGlobal("localStorage", memoryStorage({ [KEY]: JSON.stringify({ currentIndex, savedAnswers: {}, timeLeft: 900, quizSubmitted: false }) }));

  it("is the one this browser was on, though the server last heard of another (a move alone is sent only after a pause)", () => {
    storedPlace(2);
    expect(restoreProgress(KEY, atPlace(4), true).currentIndex).toBe(2);
  });

  it("is the server's on another device, or when this browser's place is not one of the questions", () => {
    vi.stubGlobal("localStorage", memoryStorage({}));
    expect(restoreProgress(KEY, atPlace(4), true).currentIndex).toBe(4);
    for (const place of [5, -1, 1.5, "2", null]) {
      storedPlace(place);
      expect(restoreProgress(KEY, atPlace(4), true).currentIndex).toBe(4);
    }
  });

  it("is the server's for a new attempt, whatever this browser kept of an earlier one", () => {
    storedPlace(2);
    expect(restoreProgress(KEY, atPlace(0), false).currentIndex).toBe(0);
  });
});
