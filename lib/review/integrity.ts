import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { appeals, attempts, currentPublishedResults, focusEvents, quizzes, recordingChunks, users } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { authorize, member, service, step, type Actor } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, PostgresError, postgresErrorCode, type Queryable } from "@/lib/db";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import { appealNotice, message, refusalOf } from "@/lib/catalogue";
import { notifyAdmins, notifyUsers } from "@/lib/notifications";
import { appealDecisionSchema, appealSchema, disqualifySchema, reinstateSchema, type AppealDecisionInput } from "./schemas";

// ---------------------------------------------------------------------------------------------
// The proctoring report: every event in time order, counts per kind, and the review flags.
// ---------------------------------------------------------------------------------------------

/** The kinds of proctoring event a response may be flagged for. */
type FlaggedKind = "focus-loss" | "fullscreen-exit" | "copy-paste" | "recording-gap";

/**
 * Which logged events count towards which flag. Every loss of the window's focus is logged once
 * as "blur" (a long one is logged again on return, and a hidden tab as well, so those would count
 * one loss twice).
 */
const FLAGGED_KINDS: Record<Exclude<FlaggedKind, "recording-gap">, readonly string[]> = {
  "focus-loss": ["blur"],
  "fullscreen-exit": ["fullscreen-exit"],
  "copy-paste": ["copy", "cut", "paste"],
};

export interface IntegrityFlag {
  kind: FlaggedKind;
  count: number;
  /** The count at which this kind flags a response; for recording gaps, the gap length in seconds. */
  threshold: number;
}

interface ProctoringEvent {
  kind: string;
  /** The flag this event counts towards, if any. */
  flaggedAs: FlaggedKind | null;
  occurredAt: Date;
  durationMs: number | null;
  detail: string | null;
}

export interface ProctoringReport {
  /** The browser's log and the recording's gaps, oldest first. */
  events: ProctoringEvent[];
  /** How many events of each logged kind (and "recording-gap"), most frequent first. */
  counts: { kind: string; count: number }[];
  /** Each kind whose count reached its threshold; empty when nothing needs review. */
  flags: IntegrityFlag[];
}

function flaggedKindOf(kind: string): FlaggedKind | null {
  for (const [flagged, kinds] of Object.entries(FLAGGED_KINDS)) if (kinds.includes(kind)) return flagged as FlaggedKind;
  return kind === "recording-gap" ? "recording-gap" : null;
}

function thresholdOf(kind: FlaggedKind): number {
  const { focusLosses, fullscreenExits, copyPaste } = config.integrity;
  return { "focus-loss": focusLosses, "fullscreen-exit": fullscreenExits, "copy-paste": copyPaste, "recording-gap": 1 }[kind];
}

/** The flags raised by counts per flagged kind, under the configured thresholds. */
function integrityFlags(counts: Record<FlaggedKind, number>): IntegrityFlag[] {
  return (Object.keys(counts) as FlaggedKind[])
    .filter((kind) => counts[kind] >= thresholdOf(kind))
    .map((kind) => ({ kind, count: counts[kind], threshold: kind === "recording-gap" ? config.integrity.recordingGapSeconds : thresholdOf(kind) }));
}

/**
 * Stretches of the attempt with no video slice arriving for at least the configured gap: from the
 * start to the first slice, between slices, and from the last slice to submission (or, while it
 * runs, to now or its deadline). Slices arrive about once a second while the recorder runs.
 */
function recordingGaps(start: Date, end: Date, sliceTimes: Date[]): { from: Date; to: Date }[] {
  const minimumMs = config.integrity.recordingGapSeconds * 1000;
  const points = [start.getTime(), ...sliceTimes.map((time) => time.getTime()), end.getTime()].sort((a, b) => a - b);
  const gaps: { from: Date; to: Date }[] = [];
  for (let index = 1; index < points.length; index++) {
    if (points[index] - points[index - 1] >= minimumMs) gaps.push({ from: new Date(points[index - 1]), to: new Date(points[index]) });
  }
  return gaps;
}

/** When the recording should have ended: submission, else now or the deadline, whichever is first. */
function recordingEnd(attempt: { submittedAt: Date | null; deadlineAt: Date }, now: Date): Date {
  return attempt.submittedAt ?? (now < attempt.deadlineAt ? now : attempt.deadlineAt);
}

/** One attempt's proctoring report for the admins' response view. */
export async function proctoringReport(db: Queryable, attempt: { id: string; startedAt: Date; submittedAt: Date | null; deadlineAt: Date }, now = new Date()): Promise<ProctoringReport> {
  const [logged, slices] = await Promise.all([
    db
      .select({ kind: focusEvents.kind, occurredAt: focusEvents.occurredAt, durationMs: focusEvents.durationMs, detail: focusEvents.detail })
      .from(focusEvents)
      .where(eq(focusEvents.attemptId, attempt.id))
      .orderBy(asc(focusEvents.occurredAt), asc(focusEvents.id)),
    db
      .select({ createdAt: recordingChunks.createdAt })
      .from(recordingChunks)
      .where(and(eq(recordingChunks.attemptId, attempt.id), eq(recordingChunks.kind, "video"))),
  ]);
  const gaps = recordingGaps(attempt.startedAt, recordingEnd(attempt, now), slices.map((slice) => slice.createdAt)).map((gap) => ({
    kind: "recording-gap",
    occurredAt: gap.from,
    durationMs: gap.to.getTime() - gap.from.getTime(),
    detail: "No recording arrived",
  }));
  const events = [...logged, ...gaps]
    .map((event) => ({ ...event, flaggedAs: flaggedKindOf(event.kind) }))
    // A stable sort: logged events keep their order among equal instants.
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const tally = new Map<string, number>();
  for (const event of events) tally.set(event.kind, (tally.get(event.kind) ?? 0) + 1);
  const flagged: Record<FlaggedKind, number> = { "focus-loss": 0, "fullscreen-exit": 0, "copy-paste": 0, "recording-gap": 0 };
  for (const event of events) if (event.flaggedAs) flagged[event.flaggedAs]++;
  return {
    events,
    counts: [...tally].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind)),
    flags: integrityFlags(flagged),
  };
}

const inList = (kinds: readonly string[]) => sql.join(kinds.map((kind) => sql`${kind}`), sql`, `);

/**
 * The flagged kinds' counts per attempt as columns of the admins' list, the same rules as the
 * report above, so the list can mark the responses to review.
 */
export function flaggedCountColumns() {
  const count = (kinds: readonly string[]) => sql<number>`(select count(*)::int from ${focusEvents} fe where fe.attempt_id = ${attempts.id} and fe.kind in (${inList(kinds)}))`;
  const gapSeconds = config.integrity.recordingGapSeconds;
  return {
    flagFocusLosses: count(FLAGGED_KINDS["focus-loss"]),
    flagFullscreenExits: count(FLAGGED_KINDS["fullscreen-exit"]),
    flagCopyPaste: count(FLAGGED_KINDS["copy-paste"]),
    flagRecordingGaps: sql<number>`(
      select count(*)::int from (
        select t - lag(t) over (order by t) as gap from (
          select rc.created_at as t from recording_chunks rc where rc.attempt_id = ${attempts.id} and rc.kind = 'video'
          union all select ${attempts.startedAt}
          union all select coalesce(${attempts.submittedAt}, least(now(), ${attempts.deadlineAt}))
        ) points
      ) gaps where gap >= make_interval(secs => ${gapSeconds}))`,
  };
}

/** The flags of one list row, from the columns above. */
export function rowFlags(row: { flagFocusLosses: number; flagFullscreenExits: number; flagCopyPaste: number; flagRecordingGaps: number }): IntegrityFlag[] {
  return integrityFlags({ "focus-loss": row.flagFocusLosses, "fullscreen-exit": row.flagFullscreenExits, "copy-paste": row.flagCopyPaste, "recording-gap": row.flagRecordingGaps });
}

// ---------------------------------------------------------------------------------------------
// Disqualification, reinstatement and the participant's one appeal.
// ---------------------------------------------------------------------------------------------

function checked<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new Invalid(refusalOf(result.error));
  return result.data;
}

/**
 * The attempt with its quiz, both locked: the quiz row first (as publishing results and their
 * revisions lock it), so a decision here and a publication never interleave.
 */
async function lockedAttempt(db: Queryable, where: { attemptId: string } | { quizId: string; participantId: string }) {
  const [found] = await db
    .select({ id: attempts.id, quizId: attempts.quizId })
    .from(attempts)
    .where("attemptId" in where ? eq(attempts.id, where.attemptId) : and(eq(attempts.quizId, where.quizId), eq(attempts.participantId, where.participantId)));
  if (!found) return null;
  const [quiz] = await db
    .select({ id: quizzes.id, title: quizzes.title, titleHi: quizzes.titleHi })
    .from(quizzes)
    .where(eq(quizzes.id, found.quizId))
    .for("share");
  const [attempt] = await db
    .select({
      id: attempts.id,
      participantId: attempts.participantId,
      submittedAt: attempts.submittedAt,
      disqualifiedAt: attempts.disqualifiedAt,
      disqualifiedById: attempts.disqualifiedById,
      disqualificationReason: attempts.disqualificationReason,
    })
    .from(attempts)
    .where(eq(attempts.id, found.id))
    .for("update");
  return { quiz, attempt };
}

function disqualificationState(attempt: { disqualifiedAt: Date | null; disqualifiedById: string | null; disqualificationReason: string | null }) {
  return { disqualifiedAt: attempt.disqualifiedAt?.toISOString() ?? null, disqualifiedById: attempt.disqualifiedById, disqualificationReason: attempt.disqualificationReason };
}

/**
 * An admin's review works on any response, also after the results are published (a cheat found
 * later): a decision then changes the published results only through a revision of them.
 */
async function attemptUnderReview(tx: Queryable, attemptId: string) {
  const locked = await lockedAttempt(tx, { attemptId });
  if (!locked) throw new NotFound(message("responseNotFound"));
  return locked;
}

/**
 * A disqualification may be appealed until a published version of the results applies it: one
 * made before publication until the results are out, one made after until the revision.
 */
async function stillAppealable(db: Queryable, quizId: string, disqualifiedAt: Date): Promise<boolean> {
  const [latest] = await db.select({ at: currentPublishedResults.publishedAt }).from(currentPublishedResults).where(eq(currentPublishedResults.quizId, quizId));
  return !latest || disqualifiedAt > latest.at;
}

const REINSTATED = { disqualifiedAt: null, disqualifiedById: null, disqualificationReason: null };

/**
 * Disqualifies a submitted attempt with a written reason the participant reads. Audited with the
 * state before and after; the participant is notified. After publication it leaves the attempt
 * out of the next revision of the results.
 */
export const disqualifyAttempt = service("exam.disqualify", async (admin, attemptId: string, reason: string, now: Date = new Date()): Promise<void> => {
  const input = checked(disqualifySchema.safeParse({ reason }));
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const { quiz, attempt } = await attemptUnderReview(tx, attemptId);
    if (!attempt.submittedAt) throw new Conflict(message("disqualifyNeedsSubmission"));
    if (attempt.disqualifiedAt) throw new Conflict(message("alreadyDisqualified"));
    const after = { disqualifiedAt: now, disqualifiedById: admin.id || null, disqualificationReason: input.reason };
    await tx.update(attempts).set(after).where(eq(attempts.id, attempt.id));
    await recordAudit(tx, admin, {
      action: "attempt.disqualify",
      subjectType: "attempt",
      subjectId: attempt.id,
      before: disqualificationState(attempt),
      after: disqualificationState(after),
      reason: input.reason,
    });
    return { participantId: attempt.participantId, quiz };
  });
  await notifyUsers([outcome.participantId], { id: "disqualified", values: { reason: input.reason }, quiz: outcome.quiz, url: `/quizes/${outcome.quiz.id}/appeal` });
});

/** Clears a disqualification inside the caller's transaction; an undecided appeal is upheld with it. */
async function reinstate(tx: Queryable, admin: Actor, attempt: { id: string }, response: string, now: Date): Promise<{ appealClosed: boolean }> {
  await tx.update(attempts).set(REINSTATED).where(eq(attempts.id, attempt.id));
  const closed = await tx
    .update(appeals)
    .set({ outcome: "upheld", response, decidedById: admin.id || null, decidedAt: now })
    .where(and(eq(appeals.attemptId, attempt.id), isNull(appeals.outcome)))
    .returning({ id: appeals.id });
  return { appealClosed: closed.length > 0 };
}

/** Reverses a disqualification, audited with its reason (after publication: in the next revision). */
export const reinstateAttempt = service("exam.disqualify", async (admin, attemptId: string, reason: string, now: Date = new Date()): Promise<void> => {
  const input = checked(reinstateSchema.safeParse({ reason }));
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const { quiz, attempt } = await attemptUnderReview(tx, attemptId);
    if (!attempt.disqualifiedAt) throw new Conflict(message("notDisqualified"));
    const { appealClosed } = await reinstate(tx, admin, attempt, input.reason, now);
    await recordAudit(tx, admin, {
      action: "attempt.reinstate",
      subjectType: "attempt",
      subjectId: attempt.id,
      before: disqualificationState(attempt),
      after: { ...REINSTATED, ...(appealClosed ? { appealOutcome: "upheld" } : {}) },
      reason: input.reason,
    });
    return { participantId: attempt.participantId, quiz, appealClosed };
  });
  await notifyUsers([outcome.participantId], { id: "appealUpheld", quiz: outcome.quiz, url: `/quizes/${outcome.quiz.id}/appeal` });
});

interface AppealView {
  text: string;
  createdAt: Date;
  outcome: "rejected" | "upheld" | null;
  response: string | null;
  decidedAt: Date | null;
}

export interface MyDisqualification {
  quizId: string;
  title: string;
  titleHi: string | null;
  /** Null when the attempt is not (or no longer) disqualified. */
  disqualification: { at: Date; reason: string } | null;
  appeal: AppealView | null;
  /** An appeal can be sent: disqualified, not appealed yet, and no published version of the results applies the disqualification yet. */
  canAppeal: boolean;
}

const appealColumns = { text: appeals.text, createdAt: appeals.createdAt, outcome: appeals.outcome, response: appeals.response, decidedAt: appeals.decidedAt };

/** The participant's own disqualification for a quiz, its reason and their appeal, for the appeal page. */
export const myDisqualification = service("results.appeal", async (actor, quizId: string): Promise<MyDisqualification> => {
  const user = member(actor);
  const db = await getDb();
  const [row] = await db
    .select({ attemptId: attempts.id, title: quizzes.title, titleHi: quizzes.titleHi, at: attempts.disqualifiedAt, reason: attempts.disqualificationReason })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(and(eq(attempts.quizId, quizId), eq(attempts.participantId, user.id)));
  if (!row) throw new NotFound(message("notTakenQuiz"));
  const [appeal] = await db.select(appealColumns).from(appeals).where(eq(appeals.attemptId, row.attemptId));
  const disqualification = row.at && row.reason ? { at: row.at, reason: row.reason } : null;
  const canAppeal = disqualification !== null && !appeal && (await stillAppealable(db, quizId, disqualification.at));
  return { quizId, title: row.title, titleHi: row.titleHi, disqualification, appeal: appeal ?? null, canAppeal };
});

/** A disqualified participant's one appeal against it, until a published version of the results applies it; admins are told. */
export const appealDisqualification = service("results.appeal", async (actor, quizId: string, text: string): Promise<void> => {
  const user = member(actor);
  const input = checked(appealSchema.safeParse({ text }));
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const locked = await lockedAttempt(tx, { quizId, participantId: user.id });
      if (!locked?.attempt.disqualifiedAt) throw new Forbidden(message("appealNotAllowed"));
      authorize(user, "results.appeal", locked.attempt.participantId);
      if (!(await stillAppealable(tx, quizId, locked.attempt.disqualifiedAt))) throw new Conflict(message("integrityResultsPublished"));
      await tx.insert(appeals).values({ attemptId: locked.attempt.id, text: input.text });
      await notifyAdmins(tx, { ...appealNotice(locked.quiz.title, user.name), url: `/adminpanel?tab=responses&quiz=${quizId}&response=${locked.attempt.id}` });
    });
  } catch (error) {
    // One appeal per attempt, held by the unique index even against two at once.
    if (postgresErrorCode(error) === PostgresError.uniqueViolation) throw new Conflict(message("alreadyAppealed"));
    throw error;
  }
});

/**
 * An admin's answer to an appeal: upheld reinstates the attempt, rejected keeps it disqualified;
 * either way with a written answer the participant reads. Audited, and the participant notified.
 */
export const decideAppeal = service("exam.disqualify", async (admin, attemptId: string, decision: AppealDecisionInput, now: Date = new Date()): Promise<void> => {
  const input = checked(appealDecisionSchema.safeParse(decision));
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const { quiz, attempt } = await attemptUnderReview(tx, attemptId);
    const [appeal] = await tx.select({ id: appeals.id }).from(appeals).where(and(eq(appeals.attemptId, attempt.id), isNull(appeals.outcome))).for("update");
    if (!appeal) throw new Conflict(message("noOpenAppeal"));
    if (input.outcome === "upheld") await reinstate(tx, admin, attempt, input.response, now);
    else await tx.update(appeals).set({ outcome: "rejected", response: input.response, decidedById: admin.id || null, decidedAt: now }).where(eq(appeals.id, appeal.id));
    await recordAudit(tx, admin, {
      action: "appeal.decide",
      subjectType: "attempt",
      subjectId: attempt.id,
      before: { appealOutcome: null, ...disqualificationState(attempt) },
      after: { appealOutcome: input.outcome, ...(input.outcome === "upheld" ? REINSTATED : disqualificationState(attempt)) },
      reason: input.response,
    });
    return { participantId: attempt.participantId, quiz };
  });
  await notifyUsers([outcome.participantId], { id: input.outcome === "upheld" ? "appealUpheld" : "appealRejected", quiz: outcome.quiz, url: `/quizes/${outcome.quiz.id}/appeal` });
});

/** The admins' view of one attempt's disqualification and appeal, beside its response. */
export async function integrityStatus(db: Queryable, attemptId: string) {
  const [row] = await db
    .select({ at: attempts.disqualifiedAt, reason: attempts.disqualificationReason, byName: users.name, resultsPublishedAt: quizzes.resultsPublishedAt })
    .from(attempts)
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .leftJoin(users, eq(users.id, attempts.disqualifiedById))
    .where(eq(attempts.id, attemptId));
  const [appeal] = await db.select(appealColumns).from(appeals).where(eq(appeals.attemptId, attemptId));
  return {
    disqualification: row?.at && row.reason ? { at: row.at, reason: row.reason, byName: row.byName } : null,
    appeal: (appeal ?? null) as AppealView | null,
    /** Once results are published, a decision here changes them only through a revision. */
    resultsPublished: Boolean(row?.resultsPublishedAt),
  };
}

/** Publishing results waits until every appeal against a disqualification in the quiz is decided. */
export const assertNoOpenAppeals = step(async (db: Queryable, quizId: string): Promise<void> => {
  const [open] = await db
    .select({ id: appeals.id })
    .from(appeals)
    .innerJoin(attempts, eq(attempts.id, appeals.attemptId))
    .where(and(eq(attempts.quizId, quizId), isNull(appeals.outcome)))
    .limit(1);
  if (open) throw new Conflict(message("appealsUndecided"));
});
