/**
 * The final key of a published version, in the shape every format is read into: free of the
 * database, as the public results file's check must be.
 */
import type { AnswerType } from "@/db/schema";
import type { Accepted, SectionMarks } from "@/lib/exam/schemas";

/** One question of the final key, in the quiz's position order. */
export interface KeyEntry {
  questionId: string;
  type: AnswerType;
  /** Single: the option, as [index]; multiple: the options, ascending; typed: the accepted ranges. */
  accepted: Accepted;
  /** Its section's place in the basis's sections; null in a quiz without sections. */
  section: number | null;
  /** The question's own marks for a right / wrong answer, over its section's (or the quiz's); null where none. */
  full: number | null;
  wrong: number | null;
  dropped: boolean;
}

/** A section's marking scheme as a version froze it (marks, exact to two places). */
export type ResultsSection = SectionMarks;

/** A key entry as versions before issue 53 stored it: a single-correct question of the quiz's marks. */
interface SingleKeyEntry {
  questionId: string;
  correctOptionIndex: number;
  dropped: boolean;
}

/** A key as published_results stores it: today's entries, or a version's from before issue 53. */
export type StoredKey = readonly (KeyEntry | SingleKeyEntry)[];

/** A stored key, of either shape, in the shape of today's. */
export function keyEntriesOf(stored: StoredKey): KeyEntry[] {
  return stored.map((entry) =>
    "correctOptionIndex" in entry
      ? { questionId: entry.questionId, type: "single", accepted: [entry.correctOptionIndex], section: null, full: null, wrong: null, dropped: entry.dropped }
      : entry,
  );
}

/** A key of single-correct questions of the quiz's own marks in the shape formats 1 and 2 state it; null when the key is more than that. */
export function singleKeyOf(key: readonly KeyEntry[]): SingleKeyEntry[] | null {
  const single = key.every((entry) => entry.type === "single" && entry.accepted.length === 1 && entry.section === null && entry.full === null && entry.wrong === null);
  return single ? key.map((entry) => ({ questionId: entry.questionId, correctOptionIndex: entry.accepted[0] as number, dropped: entry.dropped })) : null;
}

