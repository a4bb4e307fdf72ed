import "server-only";
import { randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { attemptAnswers, attempts, focusEvents, quizzes, transactions, users, type AnswerType, type RenderedWording } from "@/db/schema";
import { authorize, service, sessionService, step, type Actor, type Session } from "@/lib/auth";
import { config } from "@/lib/config";
import { connectDatabase, getDb, prepared, tableRow, type Database, type Queryable } from "@/lib/db";
import { Conflict, Forbidden, NotFound, Unauthenticated } from "@/lib/errors";
import { type ExamRefusal, examRefusalMessage, message } from "@/lib/catalogue";
import { metrics } from "@/lib/metrics";
import { learntPace, type Pace } from "./start-pace";
import { saveAnswer } from "./answers";
import { acceptingUntilSql, scoresShown, timeIsUp } from "./clock";
import { finaliseAttempt, finaliseWhere } from "./finalise";
import { paperKey } from "./paper";
import { quizPaper, type BankQuestion, type BankSection } from "./question-bank";
import { fromHundredths, toHundredths } from "@/lib/marks";
import type { SectionMarks } from "./marking";
import { questionSeed, seededPermutation } from "./shuffle";

/**
 * The exam's rules live here, on the server: who may start, the hard deadline, which saves
 * count, and the score. The browser's timer and score are conveniences, never the truth.
 */


type Quiz = typeof quizzes.$inferSelect;
type Attempt = typeof attempts.$inferSelect;

export type ExamAccess =
  | { allowed: true; quiz: Quiz; attempt: Attempt | null }
  | { allowed: false; quiz: Quiz | null; attempt: Attempt | null; refusal: ExamRefusal };

async function findAttempt(db: Queryable, userId: string, quizId: string): Promise<Attempt | null> {
  const [attempt] = await db.select().from(attempts).where(and(eq(attempts.participantId, userId), eq(attempts.quizId, quizId)));
  return attempt ?? null;
}

/**
 * The quiz, the user's attempt and whether their entry fee is verified, in one query (prepared on
 * each connection): on exam day every participant starts within seconds, and each round trip counts.
 */
const examStateRead = prepared((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      quiz: quizzes,
      attempt: attempts,
      entered: sql<boolean>`exists (select 1 from ${transactions} where ${transactions.userId} = ${userId} and ${transactions.quizId} = ${quizzes.id} and ${transactions.type} = 'form pay' and ${transactions.status} = 'verified')`,
    })
    .from(quizzes)
    .leftJoin(attempts, and(eq(attempts.quizId, quizzes.id), eq(attempts.participantId, userId)))
    .where(and(eq(quizzes.id, sql.placeholder("quizId")), eq(quizzes.isDemo, false)))
    .prepare("exam.state");
});

async function examState(db: Database, userId: string, quizId: string): Promise<{ quiz: Quiz; attempt: Attempt | null; entered: boolean } | null> {
  const [row] = await examStateRead(db).execute({ userId, quizId });
  return row ?? null;
}

/** Who may take the quiz now, and if not, a sentence saying why. */
async function accessFor(database: Database, user: Actor, quizId: string, now: Date): Promise<ExamAccess> {
  const state = await examState(database, user.id, quizId);
  if (!state) return { allowed: false, quiz: null, attempt: null, refusal: { reason: "no-quiz" } };
  return admissionOf(state, now);
}

function admissionOf({ quiz, attempt, entered }: { quiz: Quiz; attempt: Attempt | null; entered: boolean }, now: Date): ExamAccess {
  const refusal = entryRefusal(quiz, attempt, entered, now);
  return refusal ? { allowed: false, quiz, attempt, refusal } : { allowed: true, quiz, attempt };
}

/** What of a quiz decides who may start it. */
type EntryRules = Pick<Quiz, "contestModel" | "entryFeePaise" | "examStartAt" | "examEndAt">;

/** Why the participant may not take the quiz now (start it, or go on with their attempt), or undefined when they may. */
export function entryRefusal(quiz: EntryRules, attempt: Pick<Attempt, "submittedAt"> | null, entered: boolean, now: Date): ExamRefusal | undefined {
  if (attempt?.submittedAt) return { reason: "submitted" };
  if (attempt) return undefined;
  // A free-entry registration is a verified entry fee of ₹0 (lib/payments registerFree), so a
  // registered participant of a free quiz passes here exactly as a paid one does.
  if (!entered) {
    const free = quiz.contestModel === "free_entry" || quiz.entryFeePaise === 0;
    return { reason: free ? "not-registered" : "not-paid" };
  }
  if (now < quiz.examStartAt) return { reason: "not-open", opensAt: quiz.examStartAt };
  if (now >= quiz.examEndAt) return { reason: "closed" };
  return undefined;
}

export const examAccess = service("exam.take", async (actor, quizId: string, now: Date = new Date()) => accessFor(await getDb(), actor, quizId, now));

/** A question in a language other than English, options in the same displayed order. */
export interface TranslatedQuestion {
  text: string;
  options: string[];
  /** Its texts rendered as saved (formulas, tables), options in the displayed order; left out when all are plain. */
  html?: RenderedWording;
}

interface ExamQuestion extends TranslatedQuestion {
  id: string;
  /** The Hindi version, when the question has one. */
  hi: TranslatedQuestion | null;
  answerType: AnswerType;
  /** What a typed answer may be; left out for the option types. */
  typed?: { limits: [string, string] | null; decimals: number };
  /** Its section's place in `sections`; null in a quiz without sections. */
  section: number | null;
  /** The full marks of this question (a right answer) and those a wrong one loses; named so that no response of the exam ever says "correct". */
  marks: { full: number; wrong: number };
}

/** A section of the quiz as the exam and its instructions state it. */
export type ExamSection = SectionMarks;

/** An answer as the participant gave it: the option shown, the options shown (ascending), or the number typed. */
type ShownAnswer = number | number[] | string;

/**
 * A question as the start sends it: without its rendered texts, which come apart in the exam paper
 * (paper.ts; the page puts them in `html`), so a rendered one says which bank option each
 * displayed one is, to place the paper's.
 */
type SentQuestion = ExamQuestion & { paperOrder?: number[] };

export interface ExamView {
  attemptId: string;
  quizId: string;
  title: string;
  durationSeconds: number;
  marksPerQuestion: number;
  /** The quiz's sections with their marking, in order; empty when it has none. */
  sections: ExamSection[];
  /** The marks of every question answered correctly. */
  totalMarks: number;
  questions: SentQuestion[];
  /** The version of the exam paper holding the rendered questions and the key it is sealed with; null when every question is plain text. */
  paper: { version: number; key: string } | null;
  /** Per question id: the displayed option, the displayed options, or the typed number. */
  answers: Record<string, ShownAnswer>;
  currentQuestionIndex: number;
  timeLeftSeconds: number;
  deadlineAt: string;
  serverNow: string;
  /**
   * Once submitted. The score is null while the quiz's exam window is open or anyone may still be
   * answering (SPEC §10, scores after the window): "Submitted", the score later. With
   * answerKeyPublished once participants can see the provisional key and object to it.
   */
  submitted: { score: number | null; totalMarks: number; timeTakenSeconds: number; answerKeyPublished: boolean } | null;
}

export interface OrderedQuestion extends ExamQuestion {
  /** optionOrder[displayed] = original option index. */
  optionOrder: number[];
}

/** The participant's own order of questions and options, rebuilt from the attempt's seed. */
export const orderedQuestions = step(async (db: Queryable, quiz: Quiz, seed: number): Promise<OrderedQuestion[]> => (await orderedPaper(db, quiz, seed)).questions);

/** The marks of a question: its own, else its section's, else the quiz's. */
function questionMarks(question: BankQuestion, section: BankSection | undefined, quiz: Quiz) {
  return {
    full: question.marksCorrect ?? section?.marksCorrect ?? quiz.marksPerQuestion,
    wrong: question.marksWrong ?? section?.marksWrong ?? quiz.wrongAnswerMarks,
  };
}

/**
 * The bank positions in the order a participant sees them: shuffled with the attempt's seed when
 * the quiz says so, but never across sections: each section stays whole and in its place, its own
 * questions shuffled (each section with a seed of its own, drawn apart from the questions' seeds).
 */
function questionOrderOf(bank: readonly BankQuestion[], sectionIndex: Map<string, number>, shuffle: boolean, seed: number): number[] {
  const positions = bank.map((_, index) => index);
  if (!shuffle) return positions;
  if (sectionIndex.size === 0) return seededPermutation(bank.length, seed);
  // Questions outside every section (none, as the quiz form saves them) come last, as one more part.
  const bySection: number[][] = Array.from({ length: sectionIndex.size + 1 }, () => []);
  for (const index of positions) bySection[sectionIndex.get(bank[index].sectionId ?? "") ?? sectionIndex.size].push(index);
  return bySection.flatMap((members, section) => seededPermutation(members.length, questionSeed(seed, SECTION_SEEDS + section)).map((index) => members[index]));
}

/** Where the sections' shuffle seeds start: past any question's position. */
const SECTION_SEEDS = 1_000_000;

/** `orderedQuestions` with the quiz's sections, as the exam states them. */
async function orderedPaper(db: Queryable, quiz: Quiz, seed: number): Promise<{ questions: OrderedQuestion[]; sections: ExamSection[] }> {
  const { questions: bank, sections } = await quizPaper(db, quiz);
  const sectionIndex = new Map(sections.map((section, index) => [section.id, index]));
  const questionOrder = questionOrderOf(bank, sectionIndex, quiz.shuffleQuestions, seed);
  const ordered = questionOrder.map((original) => {
    const question = bank[original];
    const section = question.sectionId === null ? null : (sectionIndex.get(question.sectionId) ?? null);
    const count = question.options.length;
    const optionOrder = quiz.shuffleOptions && count > 1 ? seededPermutation(count, questionSeed(seed, question.position)) : Array.from({ length: count }, (_, index) => index);
    // One order for both languages: an answer is an option's position, whichever language shows it.
    const displayed = <T>(options: readonly T[]) => optionOrder.map((index) => options[index]);
    // Plain questions carry no html at all, so the start response of a plain quiz stays as it was.
    const wording = (words: { text: string; options: readonly string[]; html: RenderedWording | null }): TranslatedQuestion => ({
      text: words.text,
      options: displayed(words.options),
      ...(words.html && { html: { text: words.html.text, options: displayed(words.html.options) } }),
    });
    return {
      id: question.id,
      ...wording(question),
      hi: question.hi && wording(question.hi),
      answerType: question.answerType,
      ...(question.typed && { typed: question.typed }),
      section,
      marks: questionMarks(question, section === null ? undefined : sections[section], quiz),
      optionOrder,
    };
  });
  return {
    questions: ordered,
    sections: sections.map(({ name, nameHi, marksCorrect, marksWrong, marksUnanswered, marksPartial }) => ({
      name,
      nameHi,
      full: marksCorrect,
      wrong: marksWrong,
      unanswered: marksUnanswered,
      partial: marksPartial,
    })),
  };
}

/**
 * A rendered text comes in the exam paper; in its place the start sends "" (a quiz of formulas
 * and diagrams would otherwise send every source twice over, once for each language), unless
 * `sources`: the page asks for them should the paper not come, to show the texts as written.
 */
function sentQuestion({ html, optionOrder, ...question }: OrderedQuestion, sources: boolean): SentQuestion {
  const { text, options, hi } = question;
  const rendered = html || hi?.html;
  if (!rendered) return { ...question, hi: hi && { text: hi.text, options: hi.options } };
  const sent = (words: TranslatedQuestion) => ({
    text: sources || !words.html?.text ? words.text : "",
    options: words.options.map((option, index) => (sources || !words.html?.options[index] ? option : "")),
  });
  return { ...question, ...sent({ text, options, html }), hi: hi && sent(hi), paperOrder: optionOrder };
}

/** `fresh`: the attempt was made by this request, so it has no saved answers to read back. `sources`: see sentQuestion. */
async function buildView(db: Queryable, quiz: Quiz, attempt: Attempt, now: Date, { fresh = false, sources = false } = {}): Promise<ExamView> {
  const { questions: ordered, sections } = await orderedPaper(db, quiz, attempt.shuffleSeed);
  const saved = fresh
    ? []
    : await db
        .select({ questionId: attemptAnswers.questionId, selected: attemptAnswers.selectedOptionIndex, selectedOptions: attemptAnswers.selectedOptions, typed: attemptAnswers.typedAnswer })
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, attempt.id));
  const displayed = new Map(ordered.map((question) => [question.id, question.optionOrder]));
  const answers: Record<string, ShownAnswer> = {};
  for (const answer of saved) {
    const order = displayed.get(answer.questionId);
    if (!order) continue;
    if (answer.selected !== null) answers[answer.questionId] = order.indexOf(answer.selected);
    else if (answer.selectedOptions !== null) answers[answer.questionId] = answer.selectedOptions.map((option) => order.indexOf(option)).sort((a, b) => a - b);
    else if (answer.typed !== null) answers[answer.questionId] = answer.typed;
  }
  const totalMarks = fromHundredths(ordered.reduce((total, question) => total + toHundredths(question.marks.full), 0));
  const secondsToDeadline = Math.max(0, Math.floor((attempt.deadlineAt.getTime() - now.getTime()) / 1000));
  const scored = attempt.submittedAt && attempt.score !== null;
  const score = scored && (await scoresShown(db, quiz, now)) ? attempt.score : null;
  return {
    attemptId: attempt.id,
    quizId: quiz.id,
    title: quiz.title,
    durationSeconds: quiz.durationSeconds,
    marksPerQuestion: quiz.marksPerQuestion,
    sections,
    totalMarks,
    questions: ordered.map((question) => sentQuestion(question, sources)),
    paper: ordered.some((question) => question.html || question.hi?.html) ? { version: quiz.questionsVersion, key: paperKey(quiz.id, quiz.questionsVersion) } : null,
    answers,
    currentQuestionIndex: Math.min(attempt.currentQuestionIndex, Math.max(0, ordered.length - 1)),
    timeLeftSeconds: Math.min(attempt.timeLeftSeconds, secondsToDeadline),
    deadlineAt: attempt.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
    submitted: scored
      ? {
            score,
            totalMarks,
            timeTakenSeconds: attempt.timeTakenSeconds ?? 0,
            answerKeyPublished: quiz.answerKeyPublishedAt !== null,
          }
        : null,
  };
}

const START_PACE_KEY = Symbol.for("olympiad.examStartPace");
const holder = globalThis as typeof globalThis & { [START_PACE_KEY]?: Pace };

/**
 * The pace this instance's start line lets starts in and hands out turns at, learnt from its
 * starts and answer saves (their routes' `timedBy`). One per process, on globalThis: in a build,
 * the start route and the save routes are separate module copies that must feed and read it.
 */
export function examStartPace(): Pace {
  return (holder[START_PACE_KEY] ??= learntPace({
    ceiling: config.competition.startsPerSecond,
    targetMs: config.competition.startLineTargetMs,
    onChange: (pace) => metrics().startPace.set(pace),
  }));
}

/** Who starts: a user the caller already identified, or a session the start's read checks itself. */
type Starter = { userId: string; sessionVersion?: number };

/** Everything a start decides on, and the attempt it made, in one round trip (migration 0030's `start_exam`). */
const START_EXAM = "select * from start_exam($1::uuid, $2::integer, $3::uuid, $4::integer, $5::timestamptz)";

interface StartExamRow {
  member: boolean;
  entered: boolean;
  created: boolean;
  quiz_row: Record<string, unknown> | null;
  attempt_row: Record<string, unknown> | null;
}

/**
 * Starts the one attempt (a database constraint), or resumes it; the server sets the clock: the
 * start plus the time the window allows plus any extra time, and no pause allowance (./clock.ts).
 * On exam day a hall presses Start at once, so the session, the quiz, the attempt, the entry fee
 * and the insert are one statement: the database function starts an attempt only on the rules
 * `admissionOf` states, which here only explains a refusal.
 */
async function beginAttempt(starter: Starter, quizId: string, now: Date): Promise<ExamView> {
  const { db, pool } = await connectDatabase();
  const { rows } = await pool.query<StartExamRow>({
    name: "exam.start-exam",
    text: START_EXAM,
    values: [starter.userId, starter.sessionVersion ?? null, quizId, randomInt(2 ** 31), now],
  });
  const [{ member, entered, created, quiz_row, attempt_row }] = rows;
  // Logged out, reset or deleted since the cookie was issued: as the route wrapper would say.
  if (!member) throw new Unauthenticated();
  const quiz = quiz_row && tableRow(quizzes, quiz_row);
  const attempt = attempt_row && tableRow(attempts, attempt_row);
  metrics().examStarts.inc(created ? 1 : 0);
  if (!quiz) throw new NotFound(examRefusalMessage({ reason: "no-quiz" }));
  if (created) return buildView(db, quiz, attempt!, now, { fresh: true });
  const access = admissionOf({ quiz, attempt, entered }, now);
  // Allowed with no attempt would mean the function and admissionOf disagree on the rules.
  if (access.allowed && !attempt) throw new Error(`start_exam started no attempt that admissionOf allows (quiz ${quizId})`);
  if (access.allowed || access.attempt?.submittedAt) return buildView(db, quiz, attempt!, now);
  throw new Forbidden(examRefusalMessage(access.refusal));
}

export const startExam = service("exam.take", (user, quizId: string, now: Date = new Date()) => beginAttempt({ userId: user.id }, quizId, now));

/** `startExam` for the start route, the caller's session checked in the start's own statement. */
export const startExamForSession = sessionService("exam.take", (session: Session, quizId: string, now: Date = new Date()) => beginAttempt(session, quizId, now));

/** The attempt as the participant left it (for a reload or another browser), or null. */
export const resumeExam = service("exam.take", async (user, quizId: string, now: Date = new Date(), sources: boolean = false): Promise<ExamView | null> => {
  const db = await getDb();
  const state = await examState(db, user.id, quizId);
  if (!state?.attempt) return null;
  const { quiz, attempt } = state;
  if (!attempt.submittedAt && timeIsUp(attempt.deadlineAt, now)) return buildView(db, quiz, (await finaliseAttempt(db, attempt.id)) ?? attempt, now, { sources });
  return buildView(db, quiz, attempt, now, { sources });
});

export interface ExamClock {
  deadlineAt: string;
  serverNow: string;
  submitted: boolean;
}

/**
 * The attempt's server deadline, for the running exam's timer to follow when an admin grants
 * extra time: one read, the caller's session checked in it (as an answer save does).
 */
export const examClock = sessionService("exam.take", async (session: Session, quizId: string, now: Date = new Date()): Promise<ExamClock> => {
  const db = await getDb();
  const rows = await db
    .select({ deadlineAt: attempts.deadlineAt, submittedAt: attempts.submittedAt })
    .from(users)
    .leftJoin(attempts, and(eq(attempts.participantId, users.id), eq(attempts.quizId, quizId)))
    .where(and(eq(users.id, session.userId), isNull(users.deletedAt), eq(users.sessionVersion, session.sessionVersion)));
  if (rows.length === 0) throw new Unauthenticated();
  const [{ deadlineAt, submittedAt }] = rows;
  if (!deadlineAt) throw new NotFound(message("startQuizFirst"));
  return { deadlineAt: deadlineAt.toISOString(), serverNow: now.toISOString(), submitted: submittedAt !== null };
});

export interface FocusEventInput {
  kind: string;
  occurredAt: Date;
  durationMs?: number;
  detail?: string;
}

/**
 * Appends to an attempt's proctoring log, one writer per attempt at a time, up to the
 * configured number of events: beyond it a batch is refused ("refuse") or cut to what fits
 * ("trim", for the log that comes with a submission, which must not stop it).
 */
async function appendFocusEvents(attemptId: string, events: FocusEventInput[], overflow: "refuse" | "trim"): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`focus-events:${attemptId}`}, 0))`);
    const [{ logged }] = (await tx.execute<{ logged: number }>(sql`select count(*)::int as logged from focus_events where attempt_id = ${attemptId}`)).rows;
    const room = Math.max(0, config.proctoring.focusEventsPerAttempt - logged);
    if (events.length > room && overflow === "refuse") throw new Conflict(message("focusLogFull"));
    const kept = events.slice(0, room);
    if (kept.length > 0) await tx.insert(focusEvents).values(kept.map((event) => ({ attemptId, ...event })));
    return kept.length;
  });
}

/** The browser's proctoring log, in batches while the attempt is open; closed once it is submitted. */
export const recordFocusEvents = service("exam.take", async (user, quizId: string, events: FocusEventInput[]) => {
  if (events.length === 0) return { recorded: 0 };
  const db = await getDb();
  const attempt = await findAttempt(db, user.id, quizId);
  if (!attempt) throw new NotFound(message("startQuizFirst"));
  if (attempt.submittedAt) throw new Conflict(message("focusLogClosed"));
  return { recorded: await appendFocusEvents(attempt.id, events, "refuse") };
});

export const submitExam = service("exam.take", async (user, quizId: string, now: Date = new Date()): Promise<ExamView> => {
  const db = await getDb();
  const state = await examState(db, user.id, quizId);
  if (!state?.attempt) throw new NotFound(message("startQuizFirst"));
  const { quiz, attempt } = state;
  if (attempt.submittedAt) return buildView(db, quiz, attempt, now);
  // Too late (one clock, ./clock.ts): the attempt stands as saved by its deadline, and the caller is told so.
  if (timeIsUp(attempt.deadlineAt, now)) {
    await finaliseAttempt(db, attempt.id);
    throw new Conflict(message("timeUp"));
  }
  return buildView(db, quiz, (await finaliseAttempt(db, attempt.id))!, now);
});

/**
 * Submits every attempt whose deadline (and network grace) passed with the answers saved by then,
 * stamped at the deadline; returns their ids.
 * Publishing passes its quiz and clock to submit that quiz's attempts only.
 */
export const finaliseOverdueAttempts = service("exam.finaliseOverdue", async (_actor, only: { quizId: string; now: Date } | null = null): Promise<string[]> => {
  const db = await getDb();
  // Not before the network grace is over: a save sent in time may still be on its way.
  const overdue = only ? sql`a.quiz_id = ${only.quizId} and ${acceptingUntilSql()} <= ${only.now}` : sql`${acceptingUntilSql()} <= now()`;
  const result = await finaliseWhere(db, overdue, sql`a.deadline_at`);
  return result.rows.map((row) => row.id);
});

export interface ResponseSubmission {
  participantId: string;
  quizId: string;
  answers: { questionId: string; selectedOptionIndex: number | null }[];
  focusLogs?: FocusEventInput[];
}

/** /api/saveresponse: saves the given answers (displayed indexes) and submits, in one call. */
export const saveResponse = service("exam.take", async (user, { participantId, quizId, answers, focusLogs = [] }: ResponseSubmission, now: Date = new Date()): Promise<ExamView> => {
  authorize(user, "exam.take", participantId);
  const view = await resumeExam(user, quizId, now);
  if (!view) throw new NotFound(message("startQuizFirst"));
  if (view.submitted) throw new Conflict(message("alreadySubmitted"));
  for (const answer of answers) {
    await saveAnswer(user, quizId, { ...answer, answeredAt: now, currentQuestionIndex: view.currentQuestionIndex, timeLeftSeconds: view.timeLeftSeconds }, now);
  }
  if (focusLogs.length > 0) await appendFocusEvents(view.attemptId, focusLogs, "trim");
  return submitExam(user, quizId, now);
});
