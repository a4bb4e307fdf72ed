import type { AcceptedRanges } from "@/lib/quizzes/schemas";
import { toHundredths } from "@/lib/marks";

/** The letters options are shown with: a question has 2 to 6. */
export const OPTION_LETTERS = ["A", "B", "C", "D", "E", "F"];

/** An option's letter, or several options' letters in order: "B", "A, C". */
export function lettersOf(options: number | number[]): string {
  return (typeof options === "number" ? [options] : options).map((option) => OPTION_LETTERS[option]).join(", ");
}

/**
 * A typed question's accepted answers as a reader says them: a single value as itself, a range
 * through `range` ("2.49 to 2.51"), several joined by the language's "or" ("42 or 57").
 */
export function acceptedAnswersText(ranges: AcceptedRanges, language: string, range: (low: string, high: string) => string): string {
  const each = ranges.map(([low, high]) => (toHundredths(low) === toHundredths(high) ? low : range(low, high)));
  return new Intl.ListFormat(language, { type: "disjunction" }).format(each);
}
