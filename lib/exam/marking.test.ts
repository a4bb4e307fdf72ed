import { describe, expect, it } from "vitest";
import { decimalText, toHundredths } from "@/lib/marks";
import { answerMarks, markingInHundredths, typedAnswerProblem, type MarkedQuestion } from "./marking";

/** JEE Advanced's one-or-more-correct rule as its paper states it, in marks, written out apart from answerMarks. */
function jeeAdvancedMarks(correct: number[], chosen: number[]): number {
  if (chosen.length === 0) return 0;
  if (chosen.some((option) => !correct.includes(option))) return -2;
  if (chosen.length === correct.length) return 4;
  if (correct.length === 4 && chosen.length === 3) return 3;
  if (correct.length >= 3 && chosen.length === 2) return 2;
  if (correct.length >= 2 && chosen.length === 1) return 1;
  throw new Error("JEE Advanced states no other case");
}

/** Every subset of four options, ascending. */
const SUBSETS = Array.from({ length: 16 }, (_, mask) => [0, 1, 2, 3].filter((option) => mask & (1 << option)));

const JEE = markingInHundredths({ correct: 4, wrong: 2, partial: 1 });
const ALL_OR_NOTHING = markingInHundredths({ correct: 3, wrong: 1 });
const multiple = (accepted: number[]): MarkedQuestion => ({ type: "multiple", accepted, dropped: false });

describe("marking an answer", () => {
  it("gives JEE Advanced's partial marks for every choice of four options against every set of correct ones", () => {
    const differing = [];
    for (const correct of SUBSETS.filter((subset) => subset.length > 0)) {
      for (const chosen of SUBSETS) {
        const given = answerMarks(multiple(correct), chosen.length === 0 ? null : chosen, JEE);
        if (given !== jeeAdvancedMarks(correct, chosen) * 100) differing.push({ correct, chosen, given });
      }
    }
    expect(differing).toEqual([]);
  });

  it("marks a one-or-more-correct question all or nothing without partial marks", () => {
    const question = multiple([0, 2]);
    expect(answerMarks(question, [0, 2], ALL_OR_NOTHING)).toBe(300);
    expect(answerMarks(question, [0], ALL_OR_NOTHING)).toBe(-100);
    expect(answerMarks(question, [0, 1, 2], ALL_OR_NOTHING)).toBe(-100);
    expect(answerMarks(question, [], ALL_OR_NOTHING)).toBe(0);
    expect(answerMarks({ ...question, dropped: true }, [1], ALL_OR_NOTHING)).toBe(300);
    // Nothing deducted: a wrong answer earns 0, not −0 (which a page prints as "-0").
    expect(Object.is(answerMarks(question, [1], markingInHundredths({ correct: 3, wrong: 0 })), 0)).toBe(true);
  });

  it("takes a typed answer within an accepted range, edges included, compared exactly", () => {
    const numerical: MarkedQuestion = { type: "numerical", accepted: [["2.49", "2.51"]], dropped: false };
    const marks = (typed: string) => answerMarks(numerical, typed, ALL_OR_NOTHING);
    expect(["2.48", "2.49", "2.5", "2.50", "2.51", "2.52"].map(marks)).toEqual([-100, 300, 300, 300, 300, -100]);
    const integer: MarkedQuestion = { type: "integer", accepted: [["42", "42"], ["57", "57"]], dropped: false };
    expect(["41", "42", "57", "58"].map((typed) => answerMarks(integer, typed, ALL_OR_NOTHING))).toEqual([-100, 300, 300, -100]);
  });

  it("adds fractional marks in whole hundredths, never drifting as floating point does", () => {
    const kvpy = markingInHundredths({ correct: 1, wrong: 0.25 });
    const single: MarkedQuestion = { type: "single", accepted: [1], dropped: false };
    // 0.1 + 0.2 is not 0.3 in floating point; ten wrong answers at −0.25 and thirty right at +0.1 are exactly 0.5.
    const tenth = markingInHundredths({ correct: 0.1, wrong: 0 });
    const total = Array.from({ length: 30 }, () => answerMarks(single, 1, tenth)).reduce((sum, marks) => sum + marks, 0) + Array.from({ length: 10 }, () => answerMarks(single, 0, kvpy)).reduce((sum, marks) => sum + marks, 0);
    expect(total).toBe(50);
    expect(decimalText(total)).toBe("0.50");
    expect(toHundredths("2.5")).toBe(250);
    expect(toHundredths(-0.25)).toBe(-25);
    expect(() => toHundredths("2.505")).toThrow(RangeError);
  });
});

describe("a typed answer", () => {
  const ioqm = { type: "integer" as const, limits: ["0", "99"] as [string, string], decimals: 0 };
  const jee = { type: "numerical" as const, limits: null, decimals: 2 };

  it("of an integer question is a whole number in its range", () => {
    expect(["0", "7", "99"].map((typed) => typedAnswerProblem(typed, ioqm))).toEqual([null, null, null]);
    expect(typedAnswerProblem("100", ioqm)).toEqual({ id: "typedAnswerOutOfRange", values: { low: "0", high: "99" } });
    expect(typedAnswerProblem("-1", ioqm)?.id).toBe("typedAnswerOutOfRange");
    expect(typedAnswerProblem("4.5", ioqm)).toEqual({ id: "typedAnswerNotWhole", values: { low: "0", high: "99" } });
    expect(typedAnswerProblem("forty", ioqm)?.id).toBe("typedAnswerNotWhole");
  });

  it("of a numerical question has no more decimal places than it states", () => {
    expect(typedAnswerProblem("2.50", jee)).toBeNull();
    expect(typedAnswerProblem("-3", jee)).toBeNull();
    expect(typedAnswerProblem("2.505", jee)).toEqual({ id: "typedAnswerTooManyDecimals", values: { decimals: 2 } });
    expect(typedAnswerProblem("2,5", jee)).toEqual({ id: "typedAnswerNotANumber" });
  });
});
