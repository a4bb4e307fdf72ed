import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { questions, quizQuestions, quizSections, quizzes, type AnswerType, type RenderedWording } from "@/db/schema";
import { getDb, type Queryable } from "@/lib/db";
import type { SectionMarking } from "@/lib/quizzes/schemas";

/** A quiz's question as participants see it (never its key), in the quiz's own order. */
export interface BankQuestion {
  id: string;
  text: string;
  options: readonly string[];
  /** The texts as rendered when saved (lib/content); null when they are all plain. */
  html: RenderedWording | null;
  /** The Hindi version, options in the same order as the English ones; null when there is none. */
  hi: { text: string; options: readonly string[]; html: RenderedWording | null } | null;
  position: number;
  answerType: AnswerType;
  /** What a typed answer may be (never the accepted answers); null for the option types. */
  typed: { limits: [string, string] | null; decimals: number } | null;
  sectionId: string | null;
  /** The question's own marks, over its section's or the quiz's; null where it has none. */
  marksCorrect: number | null;
  marksWrong: number | null;
}

/** A part of a quiz with its own marking, in the quiz's order. */
export interface BankSection extends SectionMarking {
  id: string;
}

interface CachedBank {
  version: number;
  questions: readonly BankQuestion[];
  sections: readonly BankSection[];
}

const NO_BANK = { questions: [], sections: [] } as const;

/** Enough for every quiz of an exam day; the least recently used goes first beyond it. */
const MAX_CACHED_QUIZZES = 64;
const cached = new Map<string, CachedBank>();

async function loadBank(db: Queryable, quizId: string): Promise<CachedBank | null> {
  // One statement, so the version and the questions come from the same snapshot.
  const rows = await db
    .select({
      version: quizzes.questionsVersion,
      id: questions.id,
      text: questions.text,
      options: questions.options,
      textHi: questions.textHi,
      optionsHi: questions.optionsHi,
      rendered: questions.rendered,
      position: quizQuestions.position,
      answerType: questions.answerType,
      answerLimits: questions.answerLimits,
      answerDecimals: questions.answerDecimals,
      sectionId: quizQuestions.sectionId,
      marksCorrect: quizQuestions.marksCorrect,
      marksWrong: quizQuestions.marksWrong,
      sections: sql<BankSection[]>`(select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name, 'nameHi', s.name_hi,
        'marksCorrect', s.marks_correct, 'marksWrong', s.marks_wrong, 'marksUnanswered', s.marks_unanswered, 'marksPartial', s.marks_partial) order by s.position), '[]')
        from ${quizSections} s where s.quiz_id = ${quizzes.id})`,
    })
    .from(quizzes)
    .leftJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
    .leftJoin(questions, eq(questions.id, quizQuestions.questionId))
    .where(eq(quizzes.id, quizId))
    .orderBy(asc(quizQuestions.position));
  if (rows.length === 0) return null;
  const bank = rows.flatMap(({ id, text, options, textHi, optionsHi, rendered, position, answerType, answerLimits, answerDecimals, sectionId, marksCorrect, marksWrong }) => {
    if (id === null || text === null || options === null || position === null || answerType === null) return [];
    const hi = textHi !== null && optionsHi !== null ? Object.freeze({ text: textHi, options: Object.freeze(optionsHi), html: rendered?.hi ?? null }) : null;
    const typed = answerDecimals === null ? null : Object.freeze({ limits: answerLimits, decimals: answerDecimals });
    return [Object.freeze({ id, text, options: Object.freeze(options), html: rendered?.en ?? null, hi, position, answerType, typed, sectionId, marksCorrect, marksWrong })];
  });
  // jsonb carries numeric marks as numbers: exact for two decimal places.
  return { version: rows[0].version, questions: Object.freeze(bank), sections: Object.freeze(rows[0].sections.map((section) => Object.freeze(section))) };
}

function remember(quizId: string, bank: CachedBank) {
  cached.delete(quizId);
  cached.set(quizId, bank);
  if (cached.size > MAX_CACHED_QUIZZES) cached.delete(cached.keys().next().value!);
}

/**
 * A quiz's questions, from this instance's memory while they are unchanged: on exam day every
 * start, resume and submit would otherwise read the same rows thousands of times. A copy is
 * labelled with the quiz's `questions_version`, which database triggers bump in the same
 * transaction as any change to its questions, and used only for a quiz row read with the same
 * version: an admin's edit is seen by the next request on every instance, and nothing here is
 * anything another instance needs. Only committed questions are cached (read through the pool);
 * a caller whose own transaction sees another version reads its own view.
 */
export async function questionBank(db: Queryable, quiz: { id: string; questionsVersion: number }): Promise<readonly BankQuestion[]> {
  return (await quizPaper(db, quiz)).questions;
}

/** `questionBank` with the quiz's sections, from the same snapshot and the same cached copy. */
export async function quizPaper(db: Queryable, quiz: { id: string; questionsVersion: number }): Promise<Omit<CachedBank, "version">> {
  const hit = cached.get(quiz.id);
  if (hit?.version === quiz.questionsVersion) return hit;
  const committed = await loadBank(await getDb(), quiz.id);
  if (committed?.version === quiz.questionsVersion) {
    remember(quiz.id, committed);
    return committed;
  }
  return (await loadBank(db, quiz.id)) ?? NO_BANK;
}
