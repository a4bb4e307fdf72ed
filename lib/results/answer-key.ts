import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import {
  attemptAnswers,
  attempts,
  keyDecisions,
  objections,
  questions,
  quizQuestions,
  quizSections,
  quizzes,
  users,
  type AcceptedRanges,
  type AnswerType,
  type RenderedWording,
} from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { authorize, service, step } from "@/lib/auth";
import { getDb, PostgresError, postgresErrorCode, type Queryable } from "@/lib/db";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import { attemptScore, finaliseOverdueAttempts, lastRunningDeadline, orderedQuestions, type TranslatedQuestion } from "@/lib/exam";
import { answerMarks, markingInHundredths, type Accepted, type GivenAnswer } from "@/lib/exam/schemas";
import { typedAnswerProblem } from "@/lib/exam/schemas";
import { fromHundredths, toHundredths } from "@/lib/marks";
import { message } from "@/lib/catalogue";
import { notifyUsers } from "@/lib/notifications";
import { objectionEvidence } from "@/lib/uploads";
import { uploadUrl } from "@/lib/uploads/schemas";
import type { KeyDecisionInput } from "./schemas";

/**
 * The provisional answer key of a quiz and the objections to it. Once published, the quiz's own
 * key (quiz_questions.key_option_index, key_options or key_answers by the question's type, and
 * dropped) is what scores every attempt; each admin decision rescores all of them from the stored
 * answers in the same transaction that records it.
 */

type Quiz = typeof quizzes.$inferSelect;

const HOUR_MS = 3_600_000;

/**
 * A question's key in the quiz, as its column holds it: the canonical option (single correct),
 * the canonical options, ascending (one or more correct), or the accepted answers and ranges
 * (integer, numerical). The audit records it in this shape.
 */
export type Key = { keyOptionIndex: number } | { keyOptions: number[] } | { keyAnswers: AcceptedRanges };

/** The one key a row holds (quiz_questions' key, or a decision's key before or after), or null. */
function keyIn(option: number | null, options: number[] | null, answers: AcceptedRanges | null): Key | null {
  if (option !== null) return { keyOptionIndex: option };
  if (options !== null) return { keyOptions: options };
  return answers === null ? null : { keyAnswers: answers };
}

/** A key as the option, options and answers columns of a row. */
function keyColumns(key: Key | null): [number | null, number[] | null, AcceptedRanges | null] {
  if (key === null) return [null, null, null];
  if ("keyOptionIndex" in key) return [key.keyOptionIndex, null, null];
  if ("keyOptions" in key) return [null, key.keyOptions, null];
  return [null, null, key.keyAnswers];
}

/** What scoring accepts for a key (lib/exam/marking.ts). */
function acceptedBy(key: Key | null): Accepted {
  if (key === null) return [];
  if ("keyOptionIndex" in key) return [key.keyOptionIndex];
  return "keyOptions" in key ? key.keyOptions : key.keyAnswers;
}

/** Accepted ranges in whole hundredths, ascending and merged where they meet, as the database's nummultirange holds them. */
function mergedRanges(ranges: AcceptedRanges): [number, number][] {
  const sorted = ranges.map(([low, high]) => [toHundredths(low), toHundredths(high)] as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = merged.at(-1);
    if (last && low <= last[1]) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  return merged;
}

function sameKey(a: Key, b: Key): boolean {
  if ("keyOptionIndex" in a && "keyOptionIndex" in b) return a.keyOptionIndex === b.keyOptionIndex;
  if ("keyOptions" in a && "keyOptions" in b) return a.keyOptions.join() === b.keyOptions.join();
  if ("keyAnswers" in a && "keyAnswers" in b) return mergedRanges(a.keyAnswers).join() === mergedRanges(b.keyAnswers).join();
  return false;
}

/** What a question is, as a decision on its key is checked against it. */
interface KeyedKind {
  answerType: AnswerType;
  optionCount: number;
  limits: [string, string] | null;
  decimals: number | null;
}

/**
 * The key a "change" decision gives the question, refused when it is not of the question's kind
 * (an option, options, accepted answers), names an option the question does not have, or accepts
 * a typed value a participant could not have given (out of its range, too many decimals).
 */
function decidedKey(question: KeyedKind, change: Extract<KeyDecisionInput, { decision: "change" }>): Key {
  const refuseOptions = (options: number[]) => {
    if (options.some((option) => option >= question.optionCount)) throw new Invalid(message("keyOptionNotInQuestion"));
  };
  switch (question.answerType) {
    case "single":
      if (change.newOptionIndex === undefined) throw new Invalid(message("keyDoesNotFitQuestion"));
      refuseOptions([change.newOptionIndex]);
      return { keyOptionIndex: change.newOptionIndex };
    case "multiple":
      if (change.newOptions === undefined) throw new Invalid(message("keyDoesNotFitQuestion"));
      refuseOptions(change.newOptions);
      return { keyOptions: [...change.newOptions].sort((a, b) => a - b) };
    default: {
      if (change.acceptedAnswers === undefined) throw new Invalid(message("keyDoesNotFitQuestion"));
      const rule = { type: question.answerType, limits: question.limits, decimals: question.decimals ?? 0 };
      for (const value of change.acceptedAnswers.flat()) {
        const problem = typedAnswerProblem(value, rule);
        if (problem) throw new Invalid(message(problem.id, "values" in problem ? problem.values : undefined));
      }
      return { keyAnswers: change.acceptedAnswers };
    }
  }
}

/** When objections stop being accepted, or null before the key is published. */
function objectionWindowClosesAt(quiz: Pick<Quiz, "answerKeyPublishedAt" | "objectionWindowHours">): Date | null {
  return quiz.answerKeyPublishedAt ? new Date(quiz.answerKeyPublishedAt.getTime() + quiz.objectionWindowHours * HOUR_MS) : null;
}

/**
 * Every submitted attempt of the quiz scored again against its current key, inside the caller's
 * audited transaction (the key's publication or decision). A submitted attempt's score changes
 * only here: the database refuses it unless the transaction is marked as rescoring (migration
 * 0023), and the mark is lifted again right after.
 */
export const rescoreQuiz = step(async (db: Queryable, quizId: string): Promise<number> => {
  await db.execute(sql`select set_config('olympiad.rescoring', 'on', true)`);
  const rescored = await db.execute(sql`update attempts a set score = ${attemptScore} where a.quiz_id = ${quizId} and a.submitted_at is not null`);
  await db.execute(sql`select set_config('olympiad.rescoring', 'off', true)`);
  return rescored.rowCount ?? 0;
});

/**
 * Results wait for the key to settle: published, its objection window over, and every
 * objection decided. Publishing results calls this inside its own transaction.
 */
export const assertKeySettled = step(async (db: Queryable, quiz: Pick<Quiz, "id" | "answerKeyPublishedAt" | "objectionWindowHours">, now: Date): Promise<void> => {
  const closesAt = objectionWindowClosesAt(quiz);
  if (!closesAt) throw new Conflict(message("keyNotPublished"));
  if (now < closesAt) throw new Conflict(message("objectionWindowRunning", { closesAt }));
  const [open] = await db
    .select({ id: objections.id })
    .from(objections)
    .where(and(eq(objections.quizId, quiz.id), isNull(objections.decisionId)))
    .limit(1);
  if (open) throw new Conflict(message("objectionsUndecided"));
});

/**
 * Each participant numbers the questions in their own shuffled paper: by shuffle seed, each
 * question's number there, so "Question 3" to one participant may be the quiz's Question 1.
 */
async function papersNumbering(db: Queryable, quiz: Quiz, seeds: Iterable<number>): Promise<Map<number, Map<string, number>>> {
  return new Map(await Promise.all([...new Set(seeds)].map(async (seed) => [seed, new Map((await orderedQuestions(db, quiz, seed)).map((shown, index) => [shown.id, index + 1]))] as const)));
}

/** The number each participant's own paper gives a question; a participant left out reads the quiz's own. */
async function ownNumbers(db: Queryable, quiz: Quiz, questionId: string, participantIds: readonly string[]): Promise<Map<string, number>> {
  if (!quiz.shuffleQuestions || participantIds.length === 0) return new Map();
  const seeds = await db
    .select({ participantId: attempts.participantId, seed: attempts.shuffleSeed })
    .from(attempts)
    .where(and(eq(attempts.quizId, quiz.id), inArray(attempts.participantId, [...participantIds]), isNotNull(attempts.submittedAt)));
  const numbering = await papersNumbering(db, quiz, seeds.map((row) => row.seed));
  return new Map(seeds.flatMap(({ participantId, seed }) => {
    const number = numbering.get(seed)?.get(questionId);
    return number === undefined ? [] : [[participantId, number] as const];
  }));
}

/** Participants grouped by the number their paper gives the question, so each group hears one notice. */
function byNumber(participantIds: readonly string[], numberOf: (participantId: string) => number): Map<number, string[]> {
  const groups = new Map<number, string[]>();
  for (const participantId of participantIds) {
    const number = numberOf(participantId);
    const group = groups.get(number);
    if (group) group.push(participantId);
    else groups.set(number, [participantId]);
  }
  return groups;
}

async function lockedQuiz(db: Queryable, quizId: string): Promise<Quiz> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId)).for("update");
  if (!quiz) throw new NotFound(message("quizNotFound"));
  return quiz;
}

/**
 * Publishes the provisional key once nobody can still be answering (the same rule as
 * publishing results): the quiz keeps its own copy of the bank's answers from now on.
 */
export const publishAnswerKey = service("results.manageKey", async (admin, quizId: string, now: Date = new Date()): Promise<void> => {
  const db = await getDb();
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound(message("quizNotFound"));
  if (quiz.answerKeyPublishedAt) throw new Conflict(message("keyAlreadyPublished"));
  if (now < quiz.examEndAt) throw new Conflict(message("keyBeforeExamEnd"));
  const running = await lastRunningDeadline(db, quizId, now);
  if (running) throw new Conflict(message("keyWaitsForAttempts", { lastDeadline: running }));
  await finaliseOverdueAttempts(admin, { quizId, now });
  await db.transaction(async (tx) => {
    const locked = await lockedQuiz(tx, quizId);
    if (locked.answerKeyPublishedAt) throw new Conflict(message("keyAlreadyPublished"));
    await tx.execute(sql`
      update quiz_questions qq set key_option_index = q.correct_option_index, key_options = q.correct_options, key_answers = q.accepted_answers
      from questions q where q.id = qq.question_id and qq.quiz_id = ${quizId}`);
    const key = await tx
      .select({ questionId: quizQuestions.questionId, option: quizQuestions.keyOptionIndex, options: quizQuestions.keyOptions, answers: quizQuestions.keyAnswers })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quizId));
    await tx.update(quizzes).set({ answerKeyPublishedAt: now }).where(eq(quizzes.id, quizId));
    await rescoreQuiz(tx, quizId);
    await recordAudit(tx, admin, {
      action: "key.publish",
      subjectType: "quiz",
      subjectId: quizId,
      before: null,
      // Each question's key as its type holds it: an option, options, or accepted ranges.
      after: { publishedAt: now.toISOString(), key: Object.fromEntries(key.map((row) => [row.questionId, row.option ?? row.options ?? row.answers])) },
    });
  });
});

interface KeyDecisionView {
  decision: "keep" | "change" | "drop";
  note: string;
  decidedAt: Date;
}

export interface KeyedQuestion {
  questionId: string;
  number: number;
  answerType: AnswerType;
  text: string;
  /** In the participant's own order; none for a typed answer. */
  options: string[];
  html?: RenderedWording;
  /** The Hindi version, its options in the same order; null when there is none. */
  hi: TranslatedQuestion | null;
  /** The displayed option (single), displayed options ascending (multiple) or the number as typed; null when not answered. */
  yourAnswer: number | number[] | string | null;
  /** The key the same way, a typed question's as its accepted answers and ranges; null when the question is dropped. */
  keyAnswer: number | number[] | AcceptedRanges | null;
  dropped: boolean;
  marks: number;
  objection: { reason: string; evidenceUrl: string | null; decision: KeyDecisionView | null } | null;
  /** Every decision on this question, oldest first, with its reason: every participant reads them. */
  decisions: KeyDecisionView[];
}

export interface MyAnswerKey {
  quizId: string;
  title: string;
  titleHi: string | null;
  score: number;
  totalMarks: number;
  windowClosesAt: Date;
  windowOpen: boolean;
  /** The results are published: the key and its decisions can no longer change. */
  keyFinal: boolean;
  questions: KeyedQuestion[];
}

async function submittedAttemptOf(db: Queryable, participantId: string, quizId: string) {
  const [attempt] = await db
    .select()
    .from(attempts)
    .where(and(eq(attempts.participantId, participantId), eq(attempts.quizId, quizId), isNotNull(attempts.submittedAt)));
  return attempt ?? null;
}

/**
 * The quiz's questions in its order, each with its type, its key in the quiz and its marking in
 * hundredths: its own marks, else its section's, else the quiz's (as lib/exam/scoring.ts scores).
 */
async function keyedQuestions(db: Queryable, quiz: Quiz) {
  const rows = await db
    .select({
      questionId: quizQuestions.questionId,
      answerType: questions.answerType,
      option: quizQuestions.keyOptionIndex,
      options: quizQuestions.keyOptions,
      answers: quizQuestions.keyAnswers,
      dropped: quizQuestions.dropped,
      marksCorrect: quizQuestions.marksCorrect,
      marksWrong: quizQuestions.marksWrong,
      section: { correct: quizSections.marksCorrect, wrong: quizSections.marksWrong, unanswered: quizSections.marksUnanswered, partial: quizSections.marksPartial },
    })
    .from(quizQuestions)
    .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
    .leftJoin(quizSections, eq(quizSections.id, quizQuestions.sectionId))
    .where(eq(quizQuestions.quizId, quiz.id))
    .orderBy(asc(quizQuestions.position));
  return rows.map((row) => ({
    questionId: row.questionId,
    answerType: row.answerType,
    key: keyIn(row.option, row.options, row.answers),
    dropped: row.dropped,
    marking: markingInHundredths({
      correct: row.marksCorrect ?? row.section?.correct ?? quiz.marksPerQuestion,
      wrong: row.marksWrong ?? row.section?.wrong ?? quiz.wrongAnswerMarks,
      unanswered: row.section?.unanswered ?? 0,
      partial: row.section?.partial ?? null,
    }),
  }));
}

/** The most a participant can score: every question's correct marks, summed exactly. */
function totalMarksOf(keyed: { marking: { correct: number } }[]): number {
  return fromHundredths(keyed.reduce((total, question) => total + question.marking.correct, 0));
}

/**
 * The participant's own answers against the quiz's key, each in the order they saw it, with every
 * decision on the key and its reason (not only on their own objections); final once the results
 * are published.
 */
export const myAnswerKey = service("results.viewOwn", async (actor, quizId: string, now: Date = new Date()): Promise<MyAnswerKey> => {
  const db = await getDb();
  const [quiz] = await db.select().from(quizzes).where(and(eq(quizzes.id, quizId), eq(quizzes.isDemo, false)));
  const closesAt = quiz ? objectionWindowClosesAt(quiz) : null;
  if (!quiz || !closesAt) throw new NotFound(message("keyNotPublished"));
  const attempt = await submittedAttemptOf(db, actor.id, quizId);
  if (!attempt) throw new Forbidden(message("objectionNeedsAttempt"));
  const [ordered, keyed, saved, mine, decided] = await Promise.all([
    orderedQuestions(db, quiz, attempt.shuffleSeed),
    keyedQuestions(db, quiz),
    db
      .select({ questionId: attemptAnswers.questionId, option: attemptAnswers.selectedOptionIndex, options: attemptAnswers.selectedOptions, typed: attemptAnswers.typedAnswer })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attempt.id)),
    db
      .select({ questionId: objections.questionId, reason: objections.reason, evidenceUploadId: objections.evidenceUploadId, decision: keyDecisions.decision, note: keyDecisions.note, decidedAt: keyDecisions.decidedAt })
      .from(objections)
      .leftJoin(keyDecisions, eq(keyDecisions.id, objections.decisionId))
      .where(and(eq(objections.quizId, quizId), eq(objections.participantId, actor.id))),
    db
      .select({ questionId: keyDecisions.questionId, decision: keyDecisions.decision, note: keyDecisions.note, decidedAt: keyDecisions.decidedAt })
      .from(keyDecisions)
      .where(eq(keyDecisions.quizId, quizId))
      .orderBy(asc(keyDecisions.decidedAt), asc(keyDecisions.id)),
  ]);
  const keyedOf = new Map(keyed.map((row) => [row.questionId, row]));
  const answerOf = new Map(saved.map((row): [string, GivenAnswer] => [row.questionId, row.option ?? row.options ?? row.typed]));
  const objectionOf = new Map(mine.map((row) => [row.questionId, row]));
  return {
    quizId,
    title: quiz.title,
    titleHi: quiz.titleHi,
    score: attempt.score ?? 0,
    totalMarks: totalMarksOf(keyed),
    windowClosesAt: closesAt,
    windowOpen: now < closesAt,
    keyFinal: quiz.resultsPublishedAt !== null,
    questions: ordered.map((question, index) => {
      const { answerType, key, dropped, marking } = keyedOf.get(question.id)!;
      const given = answerOf.get(question.id) ?? null;
      // Options as the participant saw them; a typed answer and accepted ranges as they are.
      const displayed = (canonical: number) => question.optionOrder.indexOf(canonical);
      const displayedAll = (canonical: number[]) => canonical.map(displayed).sort((a, b) => a - b);
      const keyShown = (shownKey: Key) =>
        "keyOptionIndex" in shownKey ? displayed(shownKey.keyOptionIndex) : "keyOptions" in shownKey ? displayedAll(shownKey.keyOptions) : shownKey.keyAnswers;
      const objection = objectionOf.get(question.id);
      return {
        questionId: question.id,
        number: index + 1,
        answerType,
        text: question.text,
        options: question.options,
        html: question.html,
        hi: question.hi,
        yourAnswer: typeof given === "number" ? displayed(given) : Array.isArray(given) ? displayedAll(given) : given,
        keyAnswer: dropped || key === null ? null : keyShown(key),
        dropped,
        marks: fromHundredths(answerMarks({ type: answerType, accepted: acceptedBy(key), dropped }, given, marking)),
        objection: objection
          ? {
              reason: objection.reason,
              evidenceUrl: objection.evidenceUploadId ? uploadUrl(objection.evidenceUploadId) : null,
              decision: objection.decision ? { decision: objection.decision, note: objection.note ?? "", decidedAt: objection.decidedAt! } : null,
            }
          : null,
        decisions: decided.filter((row) => row.questionId === question.id).map(({ decision, note, decidedAt }) => ({ decision, note, decidedAt })),
      };
    }),
  };
});

export interface ObjectionInput {
  questionId: string;
  reason: string;
  evidenceUploadId?: string | null;
}

/** One objection per question per participant, while the window is open, by someone who took the quiz. */
export const objectToKey = service("results.object", async (actor, quizId: string, input: ObjectionInput, now: Date = new Date()): Promise<void> => {
  authorize(actor, "results.object", actor.id);
  const db = await getDb();
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound(message("quizNotFound"));
  const closesAt = objectionWindowClosesAt(quiz);
  if (!closesAt) throw new Conflict(message("keyNotPublished"));
  if (now >= closesAt) throw new Conflict(message("objectionWindowClosed"));
  if (!(await submittedAttemptOf(db, actor.id, quizId))) throw new Forbidden(message("objectionNeedsAttempt"));
  const [inQuiz] = await db
    .select({ questionId: quizQuestions.questionId })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.questionId, input.questionId)));
  if (!inQuiz) throw new Invalid(message("questionNotInQuiz"));
  try {
    await db.transaction(async (tx) => {
      const evidenceUploadId = input.evidenceUploadId ? await objectionEvidence(tx, actor.id, input.evidenceUploadId) : null;
      await tx.insert(objections).values({ quizId, questionId: input.questionId, participantId: actor.id, reason: input.reason, evidenceUploadId });
    });
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation) throw new Conflict(message("alreadyObjected"));
    throw error;
  }
});

interface KeyDecisionRecord {
  questionId: string;
  decision: "keep" | "change" | "drop";
  /** The key before the decision, and after a "change" (null otherwise). */
  previous: Key | null;
  next: Key | null;
  note: string;
  decidedAt: Date;
  decidedBy: string | null;
}

export interface QuestionObjections {
  questionId: string;
  number: number;
  text: string;
  answerType: AnswerType;
  /** Canonical order, as in the bank; none for a typed answer. */
  options: string[];
  /** The English texts as rendered when saved (formulas, tables); null when plain. */
  html: RenderedWording | null;
  /** What a typed answer may be, which a decision's accepted answers must fit too; null for the option types. */
  typed: { limits: [string, string] | null; decimals: number } | null;
  /**
   * The quiz's own key once published; before, the bank's key that publishing will copy, so the
   * admin sees what they are about to publish. Null only for a question without one.
   */
  key: Key | null;
  dropped: boolean;
  openCount: number;
  totalCount: number;
  /** `seenAs`: the question's number in the objector's own shuffled paper, which their objection and their notifications name. */
  objections: { id: string; participantName: string; seenAs: number | null; reason: string; evidenceUrl: string | null; createdAt: Date; decided: boolean }[];
  decisions: KeyDecisionRecord[];
}

export interface AnswerKeyReview {
  quiz: { id: string; title: string; examEndAt: Date; answerKeyPublishedAt: Date | null; objectionWindowHours: number; windowClosesAt: Date | null; resultsPublishedAt: Date | null };
  openObjections: number;
  questions: QuestionObjections[];
}

/** Every question of a quiz with its key and the objections to it, most disputed first. */
export const answerKeyReview = service("results.manageKey", async (_admin, quizId: string): Promise<AnswerKeyReview> => {
  const db = await getDb();
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound(message("quizNotFound"));
  const [bank, raised, decided] = await Promise.all([
    db
      .select({
        questionId: quizQuestions.questionId,
        text: questions.text,
        answerType: questions.answerType,
        options: questions.options,
        rendered: questions.rendered,
        limits: questions.answerLimits,
        decimals: questions.answerDecimals,
        option: quizQuestions.keyOptionIndex,
        keyOptions: quizQuestions.keyOptions,
        answers: quizQuestions.keyAnswers,
        bankOption: questions.correctOptionIndex,
        bankOptions: questions.correctOptions,
        bankAnswers: questions.acceptedAnswers,
        dropped: quizQuestions.dropped,
      })
      .from(quizQuestions)
      .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
      .where(eq(quizQuestions.quizId, quizId))
      .orderBy(asc(quizQuestions.position)),
    db
      .select({
        id: objections.id,
        questionId: objections.questionId,
        participantName: users.name,
        seed: attempts.shuffleSeed,
        reason: objections.reason,
        evidenceUploadId: objections.evidenceUploadId,
        createdAt: objections.createdAt,
        decisionId: objections.decisionId,
      })
      .from(objections)
      .innerJoin(users, eq(users.id, objections.participantId))
      .leftJoin(attempts, and(eq(attempts.quizId, objections.quizId), eq(attempts.participantId, objections.participantId), isNotNull(attempts.submittedAt)))
      .where(eq(objections.quizId, quizId))
      .orderBy(asc(objections.createdAt)),
    db
      .select({
        questionId: keyDecisions.questionId,
        decision: keyDecisions.decision,
        previousOptionIndex: keyDecisions.previousOptionIndex,
        previousOptions: keyDecisions.previousOptions,
        previousAnswers: keyDecisions.previousAnswers,
        newOptionIndex: keyDecisions.newOptionIndex,
        newOptions: keyDecisions.newOptions,
        newAnswers: keyDecisions.newAnswers,
        note: keyDecisions.note,
        decidedAt: keyDecisions.decidedAt,
        decidedBy: users.name,
      })
      .from(keyDecisions)
      .leftJoin(users, eq(users.id, keyDecisions.decidedById))
      .where(eq(keyDecisions.quizId, quizId))
      .orderBy(asc(keyDecisions.decidedAt)),
  ]);
  // Unshuffled, every paper numbers the questions as the quiz does: no paper need be built.
  const numbering = quiz.shuffleQuestions ? await papersNumbering(db, quiz, raised.flatMap((objection) => (objection.seed === null ? [] : [objection.seed]))) : null;
  const reviewed = bank.map((question, index) => {
    const against = raised.filter((objection) => objection.questionId === question.questionId);
    const typed = question.answerType === "integer" || question.answerType === "numerical";
    return {
      questionId: question.questionId,
      number: index + 1,
      text: question.text,
      answerType: question.answerType,
      options: question.options,
      html: question.rendered?.en ?? null,
      typed: typed ? { limits: question.limits, decimals: question.decimals ?? 0 } : null,
      key: quiz.answerKeyPublishedAt ? keyIn(question.option, question.keyOptions, question.answers) : keyIn(question.bankOption, question.bankOptions, question.bankAnswers),
      dropped: question.dropped,
      openCount: against.filter((objection) => !objection.decisionId).length,
      totalCount: against.length,
      objections: against.map((objection) => ({
        id: objection.id,
        participantName: objection.participantName,
        seenAs: objection.seed === null ? null : numbering ? (numbering.get(objection.seed)?.get(question.questionId) ?? null) : index + 1,
        reason: objection.reason,
        evidenceUrl: objection.evidenceUploadId ? uploadUrl(objection.evidenceUploadId) : null,
        createdAt: objection.createdAt,
        decided: objection.decisionId !== null,
      })),
      decisions: decided
        .filter((decision) => decision.questionId === question.questionId)
        .map((decision) => ({
          questionId: decision.questionId,
          decision: decision.decision,
          previous: keyIn(decision.previousOptionIndex, decision.previousOptions, decision.previousAnswers),
          next: keyIn(decision.newOptionIndex, decision.newOptions, decision.newAnswers),
          note: decision.note,
          decidedAt: decision.decidedAt,
          decidedBy: decision.decidedBy,
        })),
    };
  });
  return {
    quiz: {
      id: quiz.id,
      title: quiz.title,
      examEndAt: quiz.examEndAt,
      answerKeyPublishedAt: quiz.answerKeyPublishedAt,
      objectionWindowHours: quiz.objectionWindowHours,
      windowClosesAt: objectionWindowClosesAt(quiz),
      resultsPublishedAt: quiz.resultsPublishedAt,
    },
    openObjections: reviewed.reduce((total, question) => total + question.openCount, 0),
    questions: reviewed.sort((a, b) => b.openCount - a.openCount || b.totalCount - a.totalCount || a.number - b.number),
  };
});

/** How a notice words a change of the key: the option, the options or the accepted answers. */
const CHANGE_NOTICE = { single: "change", multiple: "changeOptions", integer: "changeAnswers", numerical: "changeAnswers" } as const satisfies Record<AnswerType, string>;

/**
 * Decides one question of a quiz's key: closes its open objections, changes the key (or drops
 * the question), rescores every attempt and records it, in one transaction; then tells the
 * objectors and every participant whose score it changed (old score, new score, the reason).
 * A change gives the question's whole new key: another option, another set of options, or the
 * accepted answers, so accepting a second answer or widening a range lists the old ones too.
 * A question may be decided again when new objections come. Once results are published (a key
 * error found later), the decision is recorded and audited the same way but rescores nothing and
 * tells no one yet: it takes effect, for everyone at once, when a revision of the results is
 * published (lib/results revisions), which rescores and says why.
 */
export const decideObjections = service("results.manageKey", async (admin, quizId: string, questionId: string, input: KeyDecisionInput): Promise<{ rescored: number; notified: number; awaitsRevision: boolean }> => {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const quiz = await lockedQuiz(tx, quizId);
    if (!quiz.answerKeyPublishedAt) throw new Conflict(message("keyNotPublished"));
    const awaitsRevision = quiz.resultsPublishedAt !== null;
    const [current] = await tx
      .select({
        option: quizQuestions.keyOptionIndex,
        options: quizQuestions.keyOptions,
        answers: quizQuestions.keyAnswers,
        dropped: quizQuestions.dropped,
        answerType: questions.answerType,
        questionOptions: questions.options,
        limits: questions.answerLimits,
        decimals: questions.answerDecimals,
      })
      .from(quizQuestions)
      .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
      .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.questionId, questionId)));
    const previous = current ? keyIn(current.option, current.options, current.answers) : null;
    if (!current || !previous) throw new NotFound(message("questionNotInQuiz"));
    const next =
      input.decision === "change"
        ? decidedKey({ answerType: current.answerType, optionCount: current.questionOptions.length, limits: current.limits, decimals: current.decimals }, input)
        : null;
    if (next && sameKey(previous, next) && !current.dropped) throw new Invalid(message("keyUnchanged"));
    const after = { ...(next ?? previous), dropped: input.decision === "drop" ? true : input.decision === "change" ? false : current.dropped };
    const [previousOptionIndex, previousOptions, previousAnswers] = keyColumns(previous);
    const [newOptionIndex, newOptions, newAnswers] = keyColumns(next);
    const [decision] = await tx
      .insert(keyDecisions)
      .values({ quizId, questionId, decision: input.decision, previousOptionIndex, previousOptions, previousAnswers, newOptionIndex, newOptions, newAnswers, note: input.note, decidedById: admin.id || null })
      .returning({ id: keyDecisions.id });
    const closed = await tx
      .update(objections)
      .set({ decisionId: decision.id })
      .where(and(eq(objections.quizId, quizId), eq(objections.questionId, questionId), isNull(objections.decisionId)))
      .returning({ participantId: objections.participantId });
    await tx.update(quizQuestions).set(after).where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.questionId, questionId)));
    const scoresBefore = await submittedScores(tx, quizId);
    const rescored = awaitsRevision ? 0 : await rescoreQuiz(tx, quizId);
    const changed = scoreChanges(scoresBefore, await submittedScores(tx, quizId));
    await recordAudit(tx, admin, {
      action: "key.decide",
      subjectType: "quiz",
      subjectId: quizId,
      before: { questionId, ...previous, dropped: current.dropped },
      after: { questionId, decision: input.decision, ...after },
      reason: input.note || null,
    });
    const keyed = await keyedQuestions(tx, quiz);
    return {
      quiz,
      rescored,
      awaitsRevision,
      objectors: closed.map((row) => row.participantId),
      changed,
      number: keyed.findIndex((question) => question.questionId === questionId) + 1,
      totalMarks: totalMarksOf(keyed),
      notice: input.decision === "change" ? CHANGE_NOTICE[current.answerType] : input.decision,
    };
  });
  if (outcome.awaitsRevision) return { rescored: 0, notified: 0, awaitsRevision: true };
  // Everyone whose score moved hears the decision, their old and new score and its reason;
  // an objector whose score did not move hears the decision alone. One notice each, naming the
  // question by the number their own paper gave it.
  const url = `/quizes/${quizId}/answer-key`;
  const unchangedObjectors = outcome.objectors.filter((participantId) => !outcome.changed.has(participantId));
  const own = await ownNumbers(db, outcome.quiz, questionId, [...unchangedObjectors, ...outcome.changed.keys()]);
  const numberOf = (participantId: string) => own.get(participantId) ?? outcome.number;
  const decided = (number: number) => ({ number, decision: outcome.notice });
  const quiz = { title: outcome.quiz.title, titleHi: outcome.quiz.titleHi };
  for (const [number, participantIds] of byNumber(unchangedObjectors, numberOf)) await notifyUsers(participantIds, { id: "keyDecision", values: decided(number), quiz, url });
  for (const [{ before, after }, changed] of groupedByChange(outcome.changed)) {
    for (const [number, participantIds] of byNumber(changed, numberOf)) {
      await notifyUsers(participantIds, {
        id: "scoreChanged",
        values: { ...decided(number), before, after, total: outcome.totalMarks, hasReason: input.note ? "yes" : "no", reason: input.note },
        quiz,
        url,
      });
    }
  }
  return { rescored: outcome.rescored, notified: unchangedObjectors.length + outcome.changed.size, awaitsRevision: false };
});

/** Each submitted attempt's stored score, by participant. */
async function submittedScores(db: Queryable, quizId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ participantId: attempts.participantId, score: attempts.score })
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), isNotNull(attempts.submittedAt)));
  return new Map(rows.map((row) => [row.participantId, row.score ?? 0]));
}

interface ScoreChange {
  before: number;
  after: number;
}

/** The participants whose score differs after a rescoring, with both scores. */
function scoreChanges(before: Map<string, number>, after: Map<string, number>): Map<string, ScoreChange> {
  const changed = new Map<string, ScoreChange>();
  for (const [participantId, score] of after) {
    const previous = before.get(participantId) ?? 0;
    if (previous !== score) changed.set(participantId, { before: previous, after: score });
  }
  return changed;
}

/** Participants with the same old and new score share one notice (one insert per language). */
function groupedByChange(changed: Map<string, ScoreChange>): [ScoreChange, string[]][] {
  const groups = new Map<string, [ScoreChange, string[]]>();
  for (const [participantId, change] of changed) {
    const key = `${change.before}:${change.after}`;
    const group = groups.get(key) ?? [change, []];
    group[1].push(participantId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The quizzes an admin may publish a key for or review objections of: exam window closed. */
export const answerKeyQuizzes = service("results.manageKey", async () => {
  const db = await getDb();
  return db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      answerKeyPublishedAt: quizzes.answerKeyPublishedAt,
      openObjections: sql<number>`(select count(*)::int from objections o where o.quiz_id = ${quizzes.id} and o.decision_id is null)`,
    })
    .from(quizzes)
    .where(and(eq(quizzes.isDemo, false), sql`${quizzes.examEndAt} <= now()`))
    .orderBy(desc(quizzes.examEndAt));
});
