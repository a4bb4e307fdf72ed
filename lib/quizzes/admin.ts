import "server-only";
import { CASH_PRIZES_LAWFUL_CONFIRM, catalogued, message } from "@/lib/catalogue";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { prizeTiers, questions, quizQuestions, quizzes } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service, type Actor } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, type DatabaseTransaction, isStillReferenced, violatedConstraint } from "@/lib/db";
import { Conflict, Invalid, NotFound } from "@/lib/errors";
import { rupeesToPaise } from "@/lib/money";
import { prizeTablesOf } from "./prizes";
import { CONTEST_MODELS, contestModelProblem, copyTitle, prizeTableProblem, prizeTierRows, type ContestModel, type PrizeTierRow, type QuizInput, type SectionInput } from "./schemas";
import { renameSections, replaceSections, sameMarking, sectionsOf } from "./sections";

/** An exam window without an explicit end stays open for the duration plus an hour of slack. */
function examEnd(input: QuizInput): Date {
  return input.examEndDate ?? new Date(Math.min(input.examDate.getTime() + (input.durationMinutes + 60) * 60_000, Math.max(input.resultDate.getTime(), input.examDate.getTime() + 60_000)));
}

function columns(input: QuizInput) {
  return {
    title: input.title,
    // Left out (undefined), Drizzle leaves the column as it is.
    titleHi: input.titleHi,
    name: input.name || input.title,
    description: input.description,
    descriptionHi: input.descriptionHi,
    contestModel: input.contestModel,
    prizeMoneyPaise: rupeesToPaise(input.prizeMoney),
    entryFeePaise: rupeesToPaise(input.entryFee),
    capacity: input.capacity ?? null,
    durationSeconds: input.durationMinutes * 60,
    marksPerQuestion: input.marksPerQuestion,
    wrongAnswerMarks: input.wrongAnswerMarks,
    questionCount: input.questions.length || input.questionCount || 25,
    shuffleQuestions: input.shuffleQuestions,
    shuffleOptions: input.shuffleOptions,
    objectionWindowHours: input.objectionWindowHours,
    formStartAt: input.formStartDate,
    formEndAt: input.formEndDate,
    examStartAt: input.examDate,
    examEndAt: examEnd(input),
    resultAt: input.resultDate,
  };
}

/**
 * The demo publishes its answers on /demoquiz, so its questions never appear in a paid quiz,
 * and a paid quiz's questions never in the demo.
 */
async function assertOnOneSideOfTheDemo(tx: DatabaseTransaction, quiz: { id: string; isDemo: boolean }, questionIds: string[]) {
  const [crossing] = await tx
    .select({ id: quizQuestions.questionId })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(and(inArray(quizQuestions.questionId, questionIds), ne(quizzes.id, quiz.id), ne(quizzes.isDemo, quiz.isDemo)))
    .limit(1);
  if (crossing) throw new Conflict(message(quiz.isDemo ? "paidQuestionInDemo" : "demoQuestionInPaidQuiz"));
}

/** The quiz's questions in order, each in its section (if the quiz has sections) with its own marks. */
async function linkQuestions(tx: DatabaseTransaction, quiz: { id: string; isDemo: boolean }, questionIds: string[], sections: readonly SectionInput[]) {
  if (questionIds.length > 0) {
    const found = await tx.select({ id: questions.id }).from(questions).where(inArray(questions.id, questionIds));
    if (found.length !== questionIds.length) throw new Invalid(message("pickedQuestionsMissing"));
    await assertOnOneSideOfTheDemo(tx, quiz, questionIds);
  }
  await tx.delete(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
  const placed = await replaceSections(tx, quiz.id, sections);
  if (questionIds.length > 0) {
    await tx.insert(quizQuestions).values(questionIds.map((questionId, position) => ({ quizId: quiz.id, questionId, position, ...placed.get(questionId) })));
  }
}

/** The marking scheme as the audit trail records it: the quiz's marks and its sections'. */
type Marking = { marksPerQuestion: number; wrongAnswerMarks: number; sections: readonly SectionInput[] };

async function auditMarking(tx: DatabaseTransaction, actor: Actor, quizId: string, before: Marking | null, after: Marking) {
  await recordAudit(tx, actor, { action: "quiz.marking", subjectType: "quiz", subjectId: quizId, before, after });
}

/**
 * The database fixes the marking scheme once registration opens (constraint quizzes_marking_fixed):
 * the services refuse such a change first, and this says the same when a save races the opening.
 */
async function refusingFixedMarking<Result>(work: Promise<Result>): Promise<Result> {
  try {
    return await work;
  } catch (error) {
    throw violatedConstraint(error) === "quizzes_marking_fixed" ? new Conflict(message("markingLocked")) : error;
  }
}

/** The prize money and the prize table are fixed once registration opens: participants paid for them. */
function prizesLocked(quiz: { formStartAt: Date }, now: Date = new Date()): boolean {
  return quiz.formStartAt.getTime() <= now.getTime();
}

async function ownPrizeTiers(tx: DatabaseTransaction, quizId: string): Promise<PrizeTierRow[]> {
  return tx
    .select({ rankFrom: prizeTiers.rankFrom, rankTo: prizeTiers.rankTo, kind: prizeTiers.kind, amountPaise: prizeTiers.amountPaise })
    .from(prizeTiers)
    .where(eq(prizeTiers.quizId, quizId))
    .orderBy(asc(prizeTiers.rankFrom));
}

const sameTiers = (a: readonly PrizeTierRow[], b: readonly PrizeTierRow[]) =>
  a.length === b.length && a.every((row, index) => row.rankFrom === b[index].rankFrom && row.rankTo === b[index].rankTo && row.kind === b[index].kind && row.amountPaise === b[index].amountPaise);

/** Checked here as well as in quizSchema, so a service called without the route refuses it too. */
function assertPrizeTable(rows: PrizeTierRow[], prizeMoneyPaise: number) {
  const problem = prizeTableProblem(rows, prizeMoneyPaise);
  if (problem) throw new Invalid(catalogued(problem));
}

/** Replaces a quiz's own prize table and records before and after in the audit trail. */
async function replacePrizeTiers(tx: DatabaseTransaction, actor: Actor, quizId: string, before: PrizeTierRow[] | null, after: PrizeTierRow[]) {
  await tx.delete(prizeTiers).where(eq(prizeTiers.quizId, quizId));
  if (after.length > 0) await tx.insert(prizeTiers).values(after.map((tier) => ({ ...tier, quizId })));
  await recordAudit(tx, actor, { action: "quiz.prizes", subjectType: "quiz", subjectId: quizId, before, after });
}

/**
 * A quiz always has a model the admin chose: the service never falls back to one (nor on the
 * database's column default), so a caller that skips quizSchema is refused too.
 */
function assertModelChosen(input: QuizInput) {
  if (!CONTEST_MODELS.includes(input.contestModel)) throw new Invalid(message("contestModelRequired"));
}

/**
 * Paid entry with cash prizes needs both the deployment (CASH_PRIZES_ALLOWED, false unless set)
 * and the admin's confirmation that it is lawful where the quiz runs; the other models need neither.
 */
function assertCashPrizesLawful(model: ContestModel, lawfulConfirmed: boolean | undefined) {
  if (model !== "paid_cash") return;
  if (!config.contest.cashPrizesAllowed) throw new Invalid(message("cashPrizesForbidden"));
  if (lawfulConfirmed !== true) throw new Invalid(message("cashPrizesUnconfirmed"));
}

/**
 * The quiz's fee and prizes fit its contest model (as in quizSchema, so a service called without
 * the route refuses too), and the deployment allows the model, as the admin confirmed.
 */
function assertContestModel(values: ReturnType<typeof columns>, tiers: readonly PrizeTierRow[] | null, lawfulConfirmed: boolean | undefined) {
  assertCashPrizesLawful(values.contestModel, lawfulConfirmed);
  const problem = contestModelProblem(values.contestModel, { ...values, tiers });
  if (problem) throw new Invalid(catalogued(problem.message));
}

/**
 * The admin's choice of model, with whether they confirmed paid entry with cash prizes lawful
 * (the confirmation is the entry's reason). Recorded on every create and copy, and on every edit
 * that changes the model or saves paid entry with cash prizes (each such save is confirmed anew).
 */
async function auditContestModel(
  tx: DatabaseTransaction,
  actor: Actor,
  quizId: string,
  before: { contestModel: ContestModel } | null,
  after: { contestModel: ContestModel; lawfulConfirmed?: boolean; copiedFrom?: string },
) {
  const confirmed = after.contestModel === "paid_cash" && after.lawfulConfirmed === true;
  await recordAudit(tx, actor, {
    action: "quiz.contestModel",
    subjectType: "quiz",
    subjectId: quizId,
    before,
    after: { contestModel: after.contestModel, cashPrizesLawfulConfirmed: confirmed, ...(after.copiedFrom ? { copiedFrom: after.copiedFrom } : {}) },
    reason: confirmed ? CASH_PRIZES_LAWFUL_CONFIRM : null,
  });
}

const POSTERS = ["/posters/poster-1.svg", "/posters/poster-2.svg"];

/** A quiz created with a prize table keeps it as its own; without one it uses the default (see prizeTablesOf). */
export const createQuiz = service("quizzes.edit", async (actor, input: QuizInput) => {
  assertModelChosen(input);
  const values = columns(input);
  const prizes = input.prizes ? prizeTierRows(input.prizes) : null;
  if (prizes) assertPrizeTable(prizes, values.prizeMoneyPaise);
  assertContestModel(values, prizes, input.cashPrizesLawfulConfirmed);
  const sections = input.sections ?? [];
  const db = await getDb();
  return refusingFixedMarking(
    db.transaction(async (tx) => {
      const [quiz] = await tx.insert(quizzes).values({ ...values, posterUrls: POSTERS }).returning();
      await linkQuestions(tx, quiz, input.questions, sections);
      if (prizes) await replacePrizeTiers(tx, actor, quiz.id, null, prizes);
      await auditContestModel(tx, actor, quiz.id, null, { contestModel: quiz.contestModel, lawfulConfirmed: input.cashPrizesLawfulConfirmed });
      await auditMarking(tx, actor, quiz.id, null, { marksPerQuestion: quiz.marksPerQuestion, wrongAnswerMarks: quiz.wrongAnswerMarks, sections });
      return { ...quiz, questions: input.questions, sections };
    }),
  );
});

/**
 * Questions cannot change once anyone has started the quiz: that would change their exam. The
 * prize money and the prize table cannot change once registration has opened; a table sent
 * unchanged (the form always sends one) is not a change. Nor can the marking scheme, the quiz's
 * marks or its sections' (sections sent with new names only are renamed). Sections left out are
 * kept, and then so must the questions be, which are in them.
 */
export const updateQuiz = service("quizzes.edit", async (actor, quizId: string, input: QuizInput) => {
  assertModelChosen(input);
  const values = columns(input);
  const sent = input.prizes ? prizeTierRows(input.prizes) : null;
  if (sent) assertPrizeTable(sent, values.prizeMoneyPaise);
  const db = await getDb();
  return refusingFixedMarking(
    db.transaction(async (tx) => {
      const [stored] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId)).for("update");
      if (!stored) throw new NotFound(message("quizNotFound"));
      const own = await ownPrizeTiers(tx, quizId);
      const shown = own.length > 0 ? own : ((await prizeTablesOf(tx, [stored])).get(quizId)?.tiers ?? []);
      const prizesChange = sent !== null && !sameTiers(sent, shown);
      if ((prizesChange || values.prizeMoneyPaise !== stored.prizeMoneyPaise) && prizesLocked(stored)) throw new Conflict(message("prizesLocked"));
      // Participants registered under the model (paid or free, for cash or certificates): it stays.
      if (values.contestModel !== stored.contestModel && prizesLocked(stored)) throw new Conflict(message("contestModelLocked"));
      // Participants registered knowing how they would be marked (a trigger holds it too, migration 0027).
      const storedSections = (await sectionsOf(tx, [quizId])).get(quizId) ?? [];
      const sections = input.sections ?? storedSections;
      const sectionsChange = !sameMarking(sections, storedSections);
      const markingChanges = sectionsChange || (values.marksPerQuestion ?? stored.marksPerQuestion) !== stored.marksPerQuestion || (values.wrongAnswerMarks ?? stored.wrongAnswerMarks) !== stored.wrongAnswerMarks;
      if (markingChanges && prizesLocked(stored)) throw new Conflict(message("markingLocked"));
      // New prize money with the old table of its own: the table must still add up.
      if (!prizesChange && own.length > 0) assertPrizeTable(own, values.prizeMoneyPaise);
      assertContestModel(values, prizesChange ? sent : own, input.cashPrizesLawfulConfirmed);

      const [quiz] = await tx.update(quizzes).set(values).where(eq(quizzes.id, quizId)).returning();
      if (prizesChange) await replacePrizeTiers(tx, actor, quizId, own.length > 0 ? own : null, sent);
      if (quiz.contestModel !== stored.contestModel || quiz.contestModel === "paid_cash") {
        await auditContestModel(tx, actor, quizId, { contestModel: stored.contestModel }, { contestModel: quiz.contestModel, lawfulConfirmed: input.cashPrizesLawfulConfirmed });
      }
      const current = await tx.select({ questionId: quizQuestions.questionId }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position));
      const changed = current.map((row) => row.questionId).join() !== input.questions.join();
      if (changed && input.sections === undefined && storedSections.length > 0) throw new Invalid(message("sectionsHoldTheQuestions"));
      if (changed) {
        const [{ started }] = await tx.execute<{ started: boolean }>(sql`select exists (select 1 from attempts where quiz_id = ${quizId}) as started`).then((result) => result.rows);
        if (started) throw new Conflict(message("quizQuestionsLocked"));
      }
      if (changed || sectionsChange) await linkQuestions(tx, quiz, input.questions, sections);
      else await renameSections(tx, quizId, storedSections, sections);
      if (markingChanges) {
        await auditMarking(
          tx,
          actor,
          quizId,
          { marksPerQuestion: stored.marksPerQuestion, wrongAnswerMarks: stored.wrongAnswerMarks, sections: storedSections },
          { marksPerQuestion: quiz.marksPerQuestion, wrongAnswerMarks: quiz.wrongAnswerMarks, sections },
        );
      }
      return { ...quiz, questions: input.questions, sections };
    }),
  );
});

/**
 * A copy keeps the original's model: a copy of paid entry with cash prizes is refused where the
 * deployment forbids them, and otherwise needs the admin's confirmation, as a new quiz would.
 */
export const duplicateQuiz = service("quizzes.edit", async (actor, quizId: string, options: { cashPrizesLawfulConfirmed?: boolean } = {}) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId));
    if (!original) throw new NotFound(message("quizNotFound"));
    assertCashPrizesLawful(original.contestModel, options.cashPrizesLawfulConfirmed);
    const links = await tx.select().from(quizQuestions).where(eq(quizQuestions.quizId, quizId)).orderBy(asc(quizQuestions.position));
    // The copy is a paid quiz: the demo's questions (answers public) cannot come along.
    if (original.isDemo && links.length > 0) throw new Conflict(message("demoQuestionInPaidQuiz"));
    const { id: _id, createdAt: _created, updatedAt: _updated, resultsPublishedAt: _published, isDemo: _demo, ...copy } = original;
    const [quiz] = await tx.insert(quizzes).values({ ...copy, title: copyTitle(original.title) }).returning();
    // The copy's sections are its own: its links point at them, each question with its own marks as in the original.
    const sections = (await sectionsOf(tx, [quizId])).get(quizId) ?? [];
    const placed = await replaceSections(tx, quiz.id, sections);
    if (links.length > 0) await tx.insert(quizQuestions).values(links.map((link) => ({ ...link, quizId: quiz.id, sectionId: placed.get(link.questionId)?.sectionId ?? null })));
    const prizes = await ownPrizeTiers(tx, quizId);
    if (prizes.length > 0) await tx.insert(prizeTiers).values(prizes.map((tier) => ({ ...tier, quizId: quiz.id })));
    await auditContestModel(tx, actor, quiz.id, null, { contestModel: quiz.contestModel, lawfulConfirmed: options.cashPrizesLawfulConfirmed, copiedFrom: original.id });
    await auditMarking(tx, actor, quiz.id, null, { marksPerQuestion: quiz.marksPerQuestion, wrongAnswerMarks: quiz.wrongAnswerMarks, sections });
    return { ...quiz, questions: links.map((link) => link.questionId), sections };
  });
});


export const deleteQuiz = service("quizzes.edit", async (_actor, quizId: string): Promise<void> => {
  const db = await getDb();
  try {
    const deleted = await db.delete(quizzes).where(eq(quizzes.id, quizId)).returning({ id: quizzes.id });
    if (deleted.length === 0) throw new NotFound(message("quizNotFound"));
  } catch (error) {
    if (isStillReferenced(error)) throw new Conflict(message("quizInUse"));
    throw error;
  }
});

/**
 * Every quiz for the admin, with its picked question ids in order, its sections, its prize table
 * (its own, or the default it falls back to) and whether registration has opened, which fixes
 * the prizes and the marking.
 */
export const listQuizzesForAdmin = service("quizzes.edit", async (_actor, now: Date = new Date()) => {
  const db = await getDb();
  const [rows, links] = await Promise.all([
    db.select().from(quizzes).orderBy(desc(quizzes.examStartAt)),
    db.select({ quizId: quizQuestions.quizId, questionId: quizQuestions.questionId }).from(quizQuestions).orderBy(asc(quizQuestions.position)),
  ]);
  const [tables, sections] = await Promise.all([prizeTablesOf(db, rows), sectionsOf(db, rows.map((quiz) => quiz.id))]);
  return rows.map((quiz) => ({
    ...quiz,
    questions: links.filter((link) => link.quizId === quiz.id).map((link) => link.questionId),
    sections: sections.get(quiz.id) ?? [],
    prizes: tables.get(quiz.id)?.tiers ?? [],
    prizeSource: tables.get(quiz.id)?.source ?? "none",
    prizesLocked: prizesLocked(quiz, now),
  }));
});
