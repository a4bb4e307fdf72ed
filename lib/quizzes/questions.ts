import "server-only";
import { message } from "@/lib/catalogue";
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { attempts, questions, quizQuestions, transactions, type RenderedQuestion } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb, isStillReferenced, type DatabaseTransaction } from "@/lib/db";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { parseCsv, toCsv } from "@/lib/csv";
import { QuestionContentError, renderQuestion } from "@/lib/content";
import { contentProblemText, CSV_HEADER, CSV_REQUIRED_COLUMNS, questionFieldLabel, questionSchema, type QuestionInput } from "./schemas";

export const listQuestions = service("questions.edit", async (_actor, filter: { search?: string; subject?: string } = {}) => {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(ilike(questions.text, `%${filter.search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`));
  if (filter.subject) conditions.push(eq(questions.subject, filter.subject));
  return db
    .select({ id: questions.id, text: questions.text, subject: questions.subject, options: questions.options, correctOptionIndex: questions.correctOptionIndex, textHi: questions.textHi, optionsHi: questions.optionsHi, rendered: questions.rendered, createdById: questions.createdById, createdAt: questions.createdAt })
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
  const [question] = await db.insert(questions).values({ ...storedQuestion(input), createdById: author.id }).returning();
  return question;
});

/**
 * The row's columns from a checked question (the schema's tuples as plain arrays), with its texts
 * rendered (lib/content); `stored`, the row it replaces, gives the Hindi version an update leaves
 * out. A text that cannot be rendered refuses the question, naming the field, line and column.
 */
function storedQuestion(input: QuestionInput, stored?: { textHi: string | null; optionsHi: string[] | null }) {
  const hindi = input.textHi === undefined && stored ? { textHi: stored.textHi, optionsHi: stored.optionsHi } : input;
  return { ...questionColumns(input), rendered: renderedOrRefused({ ...input, ...hindi }) };
}

function questionColumns(input: QuestionInput) {
  return { ...input, options: [...input.options], optionsHi: input.optionsHi && [...input.optionsHi] };
}

function renderedOrRefused(question: Parameters<typeof renderQuestion>[0]) {
  try {
    return renderQuestion(question);
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
    const [question] = await tx
      .update(questions)
      .set(storedQuestion(input, before))
      .where(and(eq(questions.id, questionId), sql`not exists (select 1 from ${quizQuestions} qq join ${attempts} a on a.quiz_id = qq.quiz_id where qq.question_id = ${questions.id})`))
      .returning();
    if (!question) throw new Conflict(message("questionLocked"));
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
  return { text: row.text, subject: row.subject, options: row.options, correctOptionIndex: row.correctOptionIndex, textHi: row.textHi, optionsHi: row.optionsHi, quizIds };
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

export interface ImportProblem {
  /** The line in the file, counting the header as line 1. */
  row: number;
  message: string;
}

/** What became of one line of the file: every line is reported, so the admin sees the whole file's fate. */
export type ImportRowReport = { row: number; status: "imported" } | { row: number; status: "skipped" | "error"; reason: string };

const SKIPPED_FOR_OTHER_ROWS = "Not imported: other rows have errors, and the file is imported whole or not at all.";

/**
 * All or nothing: every row is checked first, and if any is wrong nothing is stored and each
 * bad row is named, so a half-imported bank never happens. `rows` reports every line.
 */
export const importQuestions = service("questions.edit", async (author, csv: string): Promise<{ imported: number; errors: ImportProblem[]; rows: ImportRowReport[] }> => {
  const [header, ...lines] = parseCsv(csv);
  const columns = header?.map((cell) => cell.trim()).join();
  // The Hindi columns are optional as a group: files written before them still import.
  const width = [CSV_HEADER.length, CSV_REQUIRED_COLUMNS].find((count) => columns === CSV_HEADER.slice(0, count).join());
  if (!width) {
    const message = `The first line must be the header: ${CSV_HEADER.join(",")} (the last five, the Hindi version, may be left out)`;
    return { imported: 0, errors: [{ row: 1, message }], rows: [{ row: 1, status: "error", reason: message }] };
  }
  if (lines.length === 0) return { imported: 0, errors: [{ row: 2, message: "The file has no questions." }], rows: [] };
  const checked = lines.map((cells, index): { row: number; question: QuestionInput; rendered: RenderedQuestion | null } | { row: number; message: string } => {
    const row = index + 2;
    const [text, subject, option1, option2, option3, option4, correctOptionIndex, textHi, ...optionsHi] = cells;
    if (cells.length !== width) return { row, message: `Expected ${width} columns, found ${cells.length}.` };
    const parsed = questionSchema.safeParse({
      text,
      subject,
      options: [option1, option2, option3, option4],
      correctOptionIndex: correctOptionIndex?.trim() === "" ? undefined : correctOptionIndex,
      textHi,
      optionsHi: width === CSV_HEADER.length ? optionsHi : undefined,
    });
    if (!parsed.success) return { row, message: parsed.error.issues[0].message };
    try {
      // Rendered once: what is checked here is what is stored.
      return { row, question: parsed.data, rendered: renderQuestion(parsed.data) };
    } catch (error) {
      if (error instanceof QuestionContentError) return { row, message: contentProblemText(error.field, error.problem) };
      throw error;
    }
  });
  const errors = checked.flatMap((line): ImportProblem[] => ("message" in line ? [{ row: line.row, message: line.message }] : []));
  if (errors.length > 0) {
    const rows = checked.map((line): ImportRowReport => ("message" in line ? { row: line.row, status: "error", reason: line.message } : { row: line.row, status: "skipped", reason: SKIPPED_FOR_OTHER_ROWS }));
    return { imported: 0, errors, rows };
  }
  const valid = checked.flatMap((line) => ("question" in line ? [line] : []));
  const db = await getDb();
  await db.insert(questions).values(valid.map(({ question, rendered }) => ({ ...questionColumns(question), rendered, createdById: author.id })));
  return { imported: valid.length, errors: [], rows: checked.map((line) => ({ row: line.row, status: "imported" })) };
});

export const exportQuestions = service("questions.edit", async (_actor, questionIds?: string[]): Promise<string> => {
  const db = await getDb();
  const rows = await db
    .select({ text: questions.text, subject: questions.subject, options: questions.options, correctOptionIndex: questions.correctOptionIndex, textHi: questions.textHi, optionsHi: questions.optionsHi })
    .from(questions)
    .where(questionIds ? inArray(questions.id, questionIds) : undefined)
    .orderBy(asc(questions.subject), asc(questions.text));
  return toCsv([
    CSV_HEADER,
    ...rows.map((row) => [row.text, row.subject, ...row.options, String(row.correctOptionIndex), row.textHi ?? "", ...(row.optionsHi ?? ["", "", "", ""])]),
  ]);
});

/** Whether a question is part of any quiz: the admin list shows it, and delete refuses it. */
export const questionUsage = service("questions.edit", async (_actor): Promise<Map<string, number>> => {
  const db = await getDb();
  const rows = await db.select({ questionId: quizQuestions.questionId }).from(quizQuestions);
  const usage = new Map<string, number>();
  for (const row of rows) usage.set(row.questionId, (usage.get(row.questionId) ?? 0) + 1);
  return usage;
});
