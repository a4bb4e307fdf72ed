import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { questions, quizQuestions, quizSections } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb, type DatabaseTransaction, type Queryable } from "@/lib/db";
import { paperOf, type Paper } from "./paper";
import type { SectionInput } from "./schemas";

/**
 * A quiz's sections: each a marking scheme of its own over some of the quiz's questions, in
 * order, a question's own marks over its section's. Written with the quiz's questions by
 * lib/quizzes/admin.ts; the database fixes them, as the quiz's marks, once registration opens.
 */

/** The sections of each quiz named, as the quiz form sends them (a quiz without sections: none). */
export async function sectionsOf(db: Queryable, quizIds: readonly string[]): Promise<Map<string, SectionInput[]>> {
  const found = new Map<string, SectionInput[]>();
  if (quizIds.length === 0) return found;
  const [rows, links] = await Promise.all([
    db.select().from(quizSections).where(inArray(quizSections.quizId, [...quizIds])).orderBy(asc(quizSections.position)),
    db
      .select({ sectionId: quizQuestions.sectionId, questionId: quizQuestions.questionId, marksCorrect: quizQuestions.marksCorrect, marksWrong: quizQuestions.marksWrong })
      .from(quizQuestions)
      .where(inArray(quizQuestions.quizId, [...quizIds]))
      .orderBy(asc(quizQuestions.position)),
  ]);
  for (const row of rows) {
    const section: SectionInput = {
      name: row.name,
      nameHi: row.nameHi,
      marksCorrect: row.marksCorrect,
      marksWrong: row.marksWrong,
      marksUnanswered: row.marksUnanswered,
      marksPartial: row.marksPartial,
      questions: links.filter((link) => link.sectionId === row.id).map(({ questionId, marksCorrect, marksWrong }) => ({ questionId, marksCorrect, marksWrong })),
    };
    found.set(row.quizId, [...(found.get(row.quizId) ?? []), section]);
  }
  return found;
}

/** What of the sections is the marking scheme: their marks, and which question is in which with what marks of its own. */
function markingOf(sections: readonly SectionInput[]): string {
  return JSON.stringify(
    sections.map((section) => [section.marksCorrect, section.marksWrong, section.marksUnanswered, section.marksPartial, section.questions.map((question) => [question.questionId, question.marksCorrect, question.marksWrong])]),
  );
}

export function sameMarking(a: readonly SectionInput[], b: readonly SectionInput[]): boolean {
  return markingOf(a) === markingOf(b);
}

/** A section's names are not its marking: they may be corrected after registration opens. */
export async function renameSections(tx: DatabaseTransaction, quizId: string, before: readonly SectionInput[], after: readonly SectionInput[]) {
  for (const [position, section] of after.entries()) {
    if (section.name === before[position].name && section.nameHi === before[position].nameHi) continue;
    await tx
      .update(quizSections)
      .set({ name: section.name, nameHi: section.nameHi })
      .where(and(eq(quizSections.quizId, quizId), eq(quizSections.position, position)));
  }
}

/**
 * Replaces a quiz's sections; its question links must be gone already (they point at the old
 * sections). Returns each question's section and own marks, for the links written next.
 */
export async function replaceSections(tx: DatabaseTransaction, quizId: string, sections: readonly SectionInput[]) {
  await tx.delete(quizSections).where(eq(quizSections.quizId, quizId));
  const placed = new Map<string, { sectionId: string; marksCorrect: number | null; marksWrong: number | null }>();
  if (sections.length === 0) return placed;
  const rows = await tx
    .insert(quizSections)
    .values(sections.map(({ questions: _questions, ...section }, position) => ({ ...section, quizId, position })))
    .returning({ id: quizSections.id, position: quizSections.position });
  for (const row of rows) {
    for (const question of sections[row.position].questions) placed.set(question.questionId, { sectionId: row.id, marksCorrect: question.marksCorrect, marksWrong: question.marksWrong });
  }
  return placed;
}

/**
 * A quiz's paper as the instructions page states it: each section's marking and kinds of
 * question, and the total marks; null for a quiz without sections (its rules are the quiz's marks).
 * Public, as a competition's rules are: no question and no answer is in it.
 */
export const quizPaper = service("quizzes.browse", async (_actor, quizId: string): Promise<Paper | null> => {
  const db = await getDb();
  const sections = (await sectionsOf(db, [quizId])).get(quizId);
  if (!sections) return null;
  const types = new Map(
    (
      await db
        .select({ id: questions.id, type: questions.answerType })
        .from(quizQuestions)
        .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
        .where(eq(quizQuestions.quizId, quizId))
    ).map((row) => [row.id, row.type]),
  );
  return paperOf(sections.map((section) => ({ ...section, questions: section.questions.map((question) => ({ ...question, type: types.get(question.questionId) })) })));
});
