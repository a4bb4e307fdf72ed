/**
 * How one answer is marked, for every answer type, in whole hundredths of a mark: marks are
 * exact decimals of two places (0.25, 2.5, −0.25), so sums are made of integers and never drift.
 * Free of the database and the server: the public results file is recomputed with this on
 * anyone's machine (lib/results/public-file.ts), and lib/exam/scoring.ts says the same in SQL for
 * finalising and rescoring (marking.test.ts compares the two over the JEE Advanced table).
 */
import type { AcceptedRanges, AnswerType } from "@/db/schema";
import { toHundredths } from "@/lib/marks";

/** A section's marking scheme, in hundredths; `partial` null means all or nothing. */
export interface Marking {
  correct: number;
  /** Deducted for a wrong answer (0: no negative marking). */
  wrong: number;
  unanswered: number;
  /** Per correct option chosen when every option chosen is correct but not all are (JEE Advanced: 1 mark). */
  partial: number | null;
}

/**
 * A section's marking as the exam states it and a results file freezes it, in marks exact to two
 * places: full marks, those a wrong answer loses, those of no answer, and the partial marks per
 * correct option chosen of a one-or-more-correct question answered in part (null: all or nothing).
 */
export interface SectionMarks {
  name: string;
  nameHi: string | null;
  full: number;
  wrong: number;
  unanswered: number;
  partial: number | null;
}

/** The accepted answer of a question: option indexes (single: any of them; multiple: exactly them), or ranges of typed answers. */
export type Accepted = number[] | AcceptedRanges;

/** An answer as given: an option, several options (ascending), a typed number as typed, or none. */
export type GivenAnswer = number | number[] | string | null;

export interface MarkedQuestion {
  type: AnswerType;
  accepted: Accepted;
  dropped: boolean;
}

/** A marking scheme given in marks (numbers of at most two decimals), in hundredths. */
export function markingInHundredths(marks: { correct: number; wrong: number; unanswered?: number; partial?: number | null }): Marking {
  return {
    correct: toHundredths(marks.correct),
    wrong: toHundredths(marks.wrong),
    unanswered: toHundredths(marks.unanswered ?? 0),
    partial: marks.partial === null || marks.partial === undefined ? null : toHundredths(marks.partial),
  };
}

function isAnswered(given: GivenAnswer): given is number | number[] | string {
  return given !== null && !(Array.isArray(given) && given.length === 0);
}

function typedIsAccepted(given: string, ranges: AcceptedRanges): boolean {
  const answer = toHundredths(given);
  return ranges.some(([low, high]) => toHundredths(low) <= answer && answer <= toHundredths(high));
}

/**
 * How an answer stands against its question's key. Single correct: right when the option is
 * accepted. Multiple correct: right when exactly the accepted options are chosen, in part when
 * only accepted options are chosen but not all, else wrong. Typed: right when within an accepted
 * range, compared exactly.
 */
export function answerVerdict(question: Pick<MarkedQuestion, "type" | "accepted">, given: GivenAnswer): "right" | "in part" | "wrong" | "unanswered" {
  if (!isAnswered(given)) return "unanswered";
  switch (question.type) {
    case "single":
      return (question.accepted as number[]).includes(given as number) ? "right" : "wrong";
    case "multiple": {
      const accepted = question.accepted as number[];
      const chosen = given as number[];
      if (!chosen.every((option) => accepted.includes(option))) return "wrong";
      return chosen.length === accepted.length ? "right" : "in part";
    }
    default:
      return typedIsAccepted(given as string, question.accepted as AcceptedRanges) ? "right" : "wrong";
  }
}

/**
 * The marks, in hundredths, an answer earns. A dropped question earns the correct marks whatever
 * was given; none given earns the unanswered marks; an answer in part earns the partial marks per
 * option chosen, or is wrong where the marking has none.
 */
export function answerMarks(question: MarkedQuestion, given: GivenAnswer, marking: Marking): number {
  if (question.dropped) return marking.correct;
  switch (answerVerdict(question, given)) {
    case "unanswered":
      return marking.unanswered;
    case "right":
      return marking.correct;
    // 0 − wrong, not −wrong: with nothing deducted, a wrong answer earns 0, never −0 (which prints as "-0").
    case "in part":
      return marking.partial === null ? 0 - marking.wrong : marking.partial * (given as number[]).length;
    case "wrong":
      return 0 - marking.wrong;
  }
}

/** What a typed answer may be: an integer question's range, a numerical one's decimal places (and range, if any). */
export interface TypedAnswerRule {
  type: "integer" | "numerical";
  limits: [string, string] | null;
  decimals: number;
}

export type TypedAnswerProblem =
  | { id: "typedAnswerNotWhole"; values: { low: string; high: string } }
  | { id: "typedAnswerOutOfRange"; values: { low: string; high: string } }
  | { id: "typedAnswerTooManyDecimals"; values: { decimals: number } }
  | { id: "typedAnswerNotANumber" };

/**
 * Why a typed answer cannot be taken, or null when it can: an integer question takes a whole
 * number in its range; a numerical one a decimal with no more places than it states, in its range
 * when it has one. The exam page checks the same before it saves.
 */
export function typedAnswerProblem(answer: string, rule: TypedAnswerRule): TypedAnswerProblem | null {
  const match = /^-?\d{1,9}(?:\.(\d+))?$/.exec(answer.trim());
  const range = rule.limits ? { low: rule.limits[0], high: rule.limits[1] } : null;
  if (rule.type === "integer" && (!match || match[1] !== undefined)) return { id: "typedAnswerNotWhole", values: range! };
  if (!match) return { id: "typedAnswerNotANumber" };
  if ((match[1]?.length ?? 0) > rule.decimals) return { id: "typedAnswerTooManyDecimals", values: { decimals: rule.decimals } };
  const value = toHundredths(answer);
  if (range && (value < toHundredths(range.low) || value > toHundredths(range.high))) return { id: "typedAnswerOutOfRange", values: range };
  return null;
}
