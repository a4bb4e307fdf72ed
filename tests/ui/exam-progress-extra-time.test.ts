import { afterEach, describe, expect, it, vi } from "vitest";
import { progressKey, restoreProgress } from "@/components/exam/useExamProgress";
import type { ExamView } from "@/lib/exam";
import { memoryStorage } from "../support/memory-storage";


const NOW = Date.parse("2026-11-26T10:00:00Z");
const KEY = progressKey("quiz", "participant");

/** The server's view of an attempt with `deadlineInSeconds` to go and its own count of time left. */
function view(deadlineInSeconds: number, timeLeftSeconds: number): ExamView {
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
