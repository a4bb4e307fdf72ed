import { describe, expect, it } from "vitest";
import { chooseAnswer, endQuiz, freshProgress, parseProgress, secondsLeft, secondsTaken } from "@/components/demo/progress";
import { formatDuration } from "@/lib/format";

const questions = [
  { question: "2 + 2?", options: ["3", "4", "5", "6"], answer: 1, html: null, hi: null },
  { question: "https://example.test/q2.png", options: ["a", "b", "c", "d"], answer: 3, html: null, hi: null },
  { question: "Capital of India?", options: ["Mumbai", "Delhi", "Kolkata", "Chennai"], answer: 1, html: null, hi: null },
];
const START = Date.UTC(2026, 0, 1, 10);

describe("the demo quiz's progress", () => {
  it("moves the score both ways when an answer changes", () => {
    let progress = freshProgress(questions.length, START);
    progress = chooseAnswer(progress, questions, 1);
    expect(progress.score).toBe(1);
    progress = chooseAnswer(progress, questions, 2);
    expect(progress).toMatchObject({ score: 0, answers: [2, null, null] });
    progress = chooseAnswer(progress, questions, 2);
    expect(progress.score).toBe(0);
    progress = chooseAnswer({ ...progress, index: 1 }, questions, 3);
    progress = chooseAnswer(progress, questions, 3);
    expect(progress).toMatchObject({ score: 1, answers: [2, 3, null] });
  });

  it("derives time left from the start time and never gives more than the duration", () => {
    const progress = freshProgress(questions.length, START);
    expect(secondsLeft(progress, START - 500, 300)).toBe(300);
    expect(secondsLeft(progress, START + 296_400, 300)).toBe(4);
    expect(secondsLeft(progress, START + 400_000, 300)).toBe(0);
  });

  it("ends at the deadline at the latest, for the time taken", () => {
    const progress = freshProgress(questions.length, START);
    expect(secondsTaken(endQuiz(progress, START + 42_900, 300))).toBe(42);
    const late = endQuiz(progress, START + 301_500, 300);
    expect(late).toMatchObject({ ended: true, endTime: START + 300_000 });
    expect(formatDuration(secondsTaken(late))).toBe("00:05:00");
    expect(formatDuration(3 * 3600 + 7 * 60 + 9)).toBe("03:07:09");
  });

  it("restores saved progress only when it fits the quiz", () => {
    const saved = chooseAnswer(freshProgress(questions.length, START), questions, 1);
    expect(parseProgress(JSON.stringify(saved), questions)).toEqual(saved);
    expect(parseProgress(null, questions)).toBeNull();
    expect(parseProgress("not json", questions)).toBeNull();
    expect(parseProgress(JSON.stringify({ ...saved, answers: [1, null] }), questions)).toBeNull();
    expect(parseProgress(JSON.stringify({ ...saved, index: 3 }), questions)).toBeNull();
    expect(parseProgress(JSON.stringify({ ...saved, answers: [7, null, null] }), questions)).toBeNull();
    expect(parseProgress(JSON.stringify({ ...saved, startTime: "yesterday" }), questions)).toBeNull();
  });
});
