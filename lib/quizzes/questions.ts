import "server-only";
import { message } from "@/lib/catalogue";
import { and, asc, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { attempts, questions, quizQuestions, quizzes, transactions } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb, isStillReferenced, type DatabaseTransaction, type Queryable } from "@/lib/db";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { QuestionContentError, questionImageIds, RENDERING_VERSION, renderQuestion, upgradedRendering, type KnownImages, type QuestionTexts } from "@/lib/content";
import { knownImages, recordImageUses } from "./images";
import { questionFieldLabel, type QuestionInput } from "./schemas";

/** A bank question's type, options and answer, as the list, the export and the audit trail read them. */
export const answerColumns = {
  answerType: questions.answerType,
  options: questions.options,
  correctOptionIndex: questions.correctOptionIndex,
  correctOptions: questions.correctOptions,
  acceptedAnswers: questions.acceptedAnswers,
  answerLimits: questions.answerLimits,
  answerDecimals: questions.answerDecimals,
};

export const listQuestions = service("questions.edit", async (_actor, filter: { search?: string; subject?: string } = {}) => {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(ilike(questions.text, `%${filter.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`));
  if (filter.subject) conditions.push(eq(questions.subject, filter.subject));
  return db
    .select({ id: questions.id, text: questions.text, subject: questions.subject, ...answerColumns, textHi: questions.textHi, optionsHi: questions.optionsHi, rendered: questions.rendered, createdById: questions.createdById, createdAt: questions.createdAt })
    .from(questions)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(questions.createdAt), asc(questions.text));
});

export const listSubjects = service("questions.edit", async (_actor): Promise<string[]> => {
  const db = await getDb();
  const rows = await db.selectDistinct({ subject: questions.subject }).from(questions).orderBy(asc(questions.subject));
  return rows.map((row) => row.subject);
});

export const createQuestion = service("questions.edit", async (author, input: QuestionInput) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { imageIds, ...row } = await storedQuestion(tx, input);
    const [question] = await tx.insert(questions).values({ ...row, createdById: author.id }).returning();
    await recordImageUses(tx, [{ questionId: question.id, imageIds }]);
    return question;
  });
});

/**
 * The row's columns from a checked question, with its texts rendered (lib/content) and the
 * uploaded images they show; `stored`, the row it replaces, gives the Hindi version an update
 * leaves out, which fits only while the options are as many (a typed question keeps the Hindi
 * question alone). A text that cannot be rendered refuses the question, naming the field, line and column.
 */
async function storedQuestion(db: Queryable, input: QuestionInput, stored?: { textHi: string | null; optionsHi: string[] | null }) {
  const hindi = input.textHi === undefined && stored ? keptHindi(input, stored) : input;
  const texts = { ...input, ...hindi };
  const images = await knownImages(db, questionImageIds(texts));
  return { ...questionColumns({ ...input, ...hindi }), rendered: await renderedOrRefused(texts, images), imageIds: [...images.keys()] };
}

function keptHindi(input: QuestionInput, stored: { textHi: string | null; optionsHi: string[] | null }) {
  if (stored.textHi === null) return { textHi: null, optionsHi: null };
  if (input.options.length === 0) return { textHi: stored.textHi, optionsHi: [] };
  if (stored.optionsHi?.length !== input.options.length) throw new Invalid(message("hindiOptionsCount"));
  return { textHi: stored.textHi, optionsHi: stored.optionsHi };
}

/** Every answer column is written, the other types' as null, so a question can change its type. */
export function questionColumns(input: QuestionInput) {
  const typed = "acceptedAnswers" in input ? input : null;
  return {
    text: input.text,
    subject: input.subject,
    answerType: input.answerType ?? "single",
    options: [...input.options],
    correctOptionIndex: "correctOptionIndex" in input ? input.correctOptionIndex : null,
    correctOptions: input.answerType === "multiple" ? input.correctOptions : null,
    acceptedAnswers: typed?.acceptedAnswers ?? null,
    answerLimits: typed?.answerLimits ?? null,
    answerDecimals: typed?.answerDecimals ?? null,
    ...(input.textHi === undefined ? {} : { textHi: input.textHi, optionsHi: input.optionsHi && [...input.optionsHi] }),
  };
}

async function renderedOrRefused(question: QuestionTexts, images: KnownImages) {
  try {
    return await renderQuestion(question, images);
  } catch (error) {
    if (!(error instanceof QuestionContentError)) throw error;
    const { field, problem } = error;
    throw new Invalid(message("questionContentInvalid", { field: questionFieldLabel(field), line: problem.line, column: problem.column, detail: problem.detail }));
  }
}

/**
 * A question is locked once any quiz using it has an attempt: a change would alter a started
 * exam's paper and key. Corrections then need an answer-key change that rescores. Before that,
 * a change to a question of a quiz participants have paid for goes in the audit trail, with the
 * row as it was and as it became.
 */
export const updateQuestion = service("questions.edit", async (actor, questionId: string, input: QuestionInput) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(questions).where(eq(questions.id, questionId)).for("update");
    if (!before) throw new NotFound(message("questionNotFound"));
    const { imageIds, ...row } = await storedQuestion(tx, input, before);
    const [question] = await tx
      .update(questions)
      .set(row)
      .where(and(eq(questions.id, questionId), sql`not exists (select 1 from ${quizQuestions} qq join ${attempts} a on a.quiz_id = qq.quiz_id where qq.question_id = ${questions.id})`))
      .returning();
    if (!question) throw new Conflict(message("questionLocked"));
    await recordImageUses(tx, [{ questionId, imageIds }]);
    const quizIds = await quizzesWithParticipants(tx, questionId);
    if (quizIds.length > 0) {
      await recordAudit(tx, actor, { action: "question.update", subjectType: "question", subjectId: questionId, before: auditedQuestion(before, quizIds), after: auditedQuestion(question, quizIds) });
    }
    return question;
  });
});

/** The quizzes using the question that anyone has paid for (pending or verified) or started. */
async function quizzesWithParticipants(tx: DatabaseTransaction, questionId: string): Promise<string[]> {
  const rows = await tx.execute<{ quiz_id: string }>(sql`
    select qq.quiz_id from ${quizQuestions} qq
    where qq.question_id = ${questionId}
      and (exists (select 1 from ${attempts} a where a.quiz_id = qq.quiz_id)
        or exists (select 1 from ${transactions} t where t.quiz_id = qq.quiz_id and t.type = 'form pay' and t.status in ('pending', 'verified')))
    order by qq.quiz_id`);
  return rows.rows.map((row) => row.quiz_id);
}

function auditedQuestion(row: typeof questions.$inferSelect, quizIds: string[]) {
  const { answerType, options, correctOptionIndex, correctOptions, acceptedAnswers, answerLimits, answerDecimals } = row;
  return { text: row.text, subject: row.subject, answerType, options, correctOptionIndex, correctOptions, acceptedAnswers, answerLimits, answerDecimals, textHi: row.textHi, optionsHi: row.optionsHi, quizIds };
}

/**
 * A question a quiz uses cannot be deleted (quiz_questions restricts it), so a deletion never
 * touches a quiz with participants; should that rule ever loosen, the deletion is audited.
 */
export const deleteQuestion = service("questions.edit", async (actor, questionId: string): Promise<void> => {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const quizIds = await quizzesWithParticipants(tx, questionId);
      const deleted = await tx.delete(questions).where(eq(questions.id, questionId)).returning();
      if (deleted.length === 0) throw new NotFound(message("questionNotFound"));
      if (quizIds.length > 0) {
        await recordAudit(tx, actor, { action: "question.delete", subjectType: "question", subjectId: questionId, before: auditedQuestion(deleted[0], quizIds), after: null });
      }
    });
  } catch (error) {
    if (isStillReferenced(error)) throw new Conflict(message("questionInUse"));
    throw error;
  }
});

/** Whether a question is part of any quiz: the admin list shows it, and delete refuses it. */
export const questionUsage = service("questions.edit", async (_actor): Promise<Map<string, number>> => {
  const db = await getDb();
  const rows = await db.select({ questionId: quizQuestions.questionId }).from(quizQuestions);
  const usage = new Map<string, number>();
  for (const row of rows) usage.set(row.questionId, (usage.get(row.questionId) ?? 0) + 1);
  return usage;
});

/**
 * Stored questions rendered by an older lib/content (RENDERING_VERSION) get what it added, so a
 * question saved before its formulas spoke speaks without an admin saving it again. A question of
 * a quiz whose exam is open, or that a participant is still taking, waits for the next run: the
 * change bumps the quiz's questions version, and a started exam's paper is sealed under the one
 * its start named. Each row is written only if no one saved it meanwhile; results, attempts and
 * the question's sources are left as they are.
 */
export const upgradeStoredRenderings = service("questions.upgradeRendering", async (_actor, now: Date = new Date()): Promise<{ upgraded: number }> => {
  const db = await getDb();
  const stale = await db
    .select({ id: questions.id, rendered: questions.rendered })
    .from(questions)
    .where(
      and(
        sql`${questions.rendered} is not null and coalesce((${questions.rendered}->>'version')::int, 0) < ${RENDERING_VERSION}`,
        sql`not exists (
          select 1 from ${quizQuestions} qq join ${quizzes} z on z.id = qq.quiz_id
          where qq.question_id = ${questions.id}
            and ((z.exam_start_at <= ${now} and ${now} < z.exam_end_at)
              or exists (select 1 from ${attempts} a where a.quiz_id = z.id and a.submitted_at is null and a.deadline_at > ${now})))`,
      ),
    );
  let upgraded = 0;
  for (const { id, rendered } of stale) {
    const written = await db
      .update(questions)
      .set({ rendered: await upgradedRendering(rendered!) })
      .where(and(eq(questions.id, id), sql`${questions.rendered} = ${JSON.stringify(rendered)}::jsonb`))
      .returning({ id: questions.id });
    upgraded += written.length;
  }
  return { upgraded };
});
