/**
 * A sectioned paper's structure as participants are told it (the instructions page) and as the
 * organiser previews it while building the quiz (the admin's quiz editor): each section's marking,
 * its kinds of question, how many of its questions are worth which marks, and the paper's total.
 * Pure and client-safe; sums are made in whole hundredths (lib/marks.ts), never in floating point.
 */
import type { AnswerType } from "@/db/schema";
import { fromHundredths, toHundredths } from "@/lib/marks";

/** A section's name and marking as stored (quiz_sections). */
export interface SectionMarking {
  name: string;
  nameHi: string | null;
  marksCorrect: number;
  marksWrong: number;
  marksUnanswered: number;
  marksPartial: number | null;
}

/** A section as stored or typed: its marking, and its questions' types and own marks (null: the section's). */
export interface SectionPlan extends SectionMarking {
  questions: readonly { type: AnswerType | undefined; marksCorrect: number | null; marksWrong: number | null }[];
}

/** How many of a section's questions are worth `marks` (for a correct answer, or deducted for a wrong one). */
export interface MarksGroup {
  marks: number;
  count: number;
}

export interface PaperSection {
  name: string;
  nameHi: string | null;
  /** The kinds of question in it, in the order answer types are listed. */
  types: AnswerType[];
  questionCount: number;
  /** Marks for a correct answer, one group per value, highest count first. */
  correct: MarksGroup[];
  /** Marks deducted for a wrong answer, grouped as `correct`. */
  wrong: MarksGroup[];
  unanswered: number;
  /** Marks per correct option chosen of an incomplete choice (multiple correct); null: all or nothing. */
  partial: number | null;
  /** The most the section's questions can earn. */
  totalMarks: number;
}

export interface Paper {
  sections: PaperSection[];
  questionCount: number;
  totalMarks: number;
}

const TYPE_ORDER: readonly AnswerType[] = ["single", "multiple", "integer", "numerical"];

function grouped(hundredths: readonly number[]): MarksGroup[] {
  const counts = new Map<number, number>();
  for (const value of hundredths) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a, countA], [b, countB]) => countB - countA || a - b).map(([value, count]) => ({ marks: fromHundredths(value), count }));
}

/** A paper of sections; the marks of a correct answer are a question's own, else its section's. */
export function paperOf(sections: readonly SectionPlan[]): Paper {
  const shown = sections.map((section): PaperSection & { hundredths: number } => {
    const correct = section.questions.map((question) => toHundredths(question.marksCorrect ?? section.marksCorrect));
    const wrong = section.questions.map((question) => toHundredths(question.marksWrong ?? section.marksWrong));
    const present = new Set(section.questions.map((question) => question.type));
    const hundredths = correct.reduce((sum, value) => sum + value, 0);
    return {
      name: section.name,
      nameHi: section.nameHi,
      types: TYPE_ORDER.filter((type) => present.has(type)),
      questionCount: section.questions.length,
      correct: grouped(correct),
      wrong: grouped(wrong),
      unanswered: section.marksUnanswered,
      partial: section.marksPartial,
      totalMarks: fromHundredths(hundredths),
      hundredths,
    };
  });
  return {
    sections: shown.map(({ hundredths: _hundredths, ...section }) => section),
    questionCount: shown.reduce((sum, section) => sum + section.questionCount, 0),
    totalMarks: fromHundredths(shown.reduce((sum, section) => sum + section.hundredths, 0)),
  };
}
