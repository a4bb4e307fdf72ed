import "server-only";
import { answerVerdict, type Accepted } from "@/lib/exam/schemas";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { attemptAnswers, attempts, focusEvents, questions, quizzes, users } from "@/db/schema";
import { service } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { flaggedCountColumns, integrityStatus, proctoringReport, rowFlags } from "./integrity";
import { recordingSegmentCount } from "./recordings";

/** Admin's Manage Responses list: score, time taken and integrity counts per attempt. */
export const listResponses = service("exam.readResponses", async (_actor, quizId?: string) => {
  const db = await getDb();
  const rows = await db
    .select({
      id: attempts.id,
      participantId: attempts.participantId,
      participantName: users.name,
      participantEmail: users.email,
      quizId: attempts.quizId,
      quizTitle: quizzes.title,
      startedAt: attempts.startedAt,
      submittedAt: attempts.submittedAt,
      score: attempts.score,
      timeTaken: attempts.timeTakenSeconds,
      answered: sql<number>`(select count(*)::int from ${attemptAnswers} aa where aa.attempt_id = ${attempts.id} and aa.selected_option_index is not null)`,
      focusLosses: sql<number>`(select count(*)::int from ${focusEvents} fe where fe.attempt_id = ${attempts.id} and fe.kind in ('long-focus-loss', 'visibility-hidden', 'fullscreen-exit'))`,
      blockedActions: sql<number>`(select count(*)::int from ${focusEvents} fe where fe.attempt_id = ${attempts.id} and fe.kind in ('copy', 'cut', 'paste', 'context-menu', 'devtools', 'refresh', 'leave', 'log-tampered'))`,
      recordingChunks: sql<number>`(select count(*)::int from recording_chunks rc where rc.attempt_id = ${attempts.id} and rc.kind = 'video')`,
      disqualified: sql<boolean>`${attempts.disqualifiedAt} is not null`,
      appealOpen: sql<boolean>`exists (select 1 from appeals ap where ap.attempt_id = ${attempts.id} and ap.outcome is null)`,
      ...flaggedCountColumns(),
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.participantId))
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(quizId ? eq(attempts.quizId, quizId) : undefined)
    .orderBy(desc(attempts.score), asc(attempts.timeTakenSeconds), desc(attempts.startedAt));
  // The flags for review, under the configured thresholds, in place of the counts they come from.
  return rows.map(({ flagFocusLosses, flagFullscreenExits, flagCopyPaste, flagRecordingGaps, ...row }) => ({
    ...row,
    flags: rowFlags({ flagFocusLosses, flagFullscreenExits, flagCopyPaste, flagRecordingGaps }),
  }));
});

interface SpecAnswer {
  questionId: string;
  selectedOptionIndex: number | null;
}

interface FocusLog {
  kind: string;
  occurredAt: Date;
  durationMs: number | null;
  detail: string | null;
}

/** A response with SPEC §3's Quiz response names beside its own: its answers (bank option indexes) and its focus log. */
function specResponse<Row extends { id: string }>(row: Row, answers: SpecAnswer[], focusLogs: FocusLog[]) {
  return { ...row, _id: row.id, answers, focusLogs };
}

/** GET /api/responses: the admins' list with each response whole (answers and focus log), under SPEC's names as well. */
export const listFullResponses = service("exam.readResponses", async (actor, quizId?: string) => {
  const rows = await listResponses(actor, quizId);
  const db = await getDb();
  const ofQuiz = quizId ? eq(attempts.quizId, quizId) : undefined;
  const [answers, events] = await Promise.all([
    db
      .select({ attemptId: attemptAnswers.attemptId, questionId: attemptAnswers.questionId, selectedOptionIndex: attemptAnswers.selectedOptionIndex })
      .from(attemptAnswers)
      .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
      .where(ofQuiz)
      .orderBy(asc(attemptAnswers.answeredAt)),
    db
      .select({ attemptId: focusEvents.attemptId, kind: focusEvents.kind, occurredAt: focusEvents.occurredAt, durationMs: focusEvents.durationMs, detail: focusEvents.detail })
      .from(focusEvents)
      .innerJoin(attempts, eq(attempts.id, focusEvents.attemptId))
      .where(ofQuiz)
      .orderBy(asc(focusEvents.occurredAt), asc(focusEvents.id)),
  ]);
  const answersOf = byAttempt(answers);
  const eventsOf = byAttempt(events);
  return rows.map((row) => specResponse(row, answersOf.get(row.id) ?? [], eventsOf.get(row.id) ?? []));
});

/** Rows grouped by their attempt, in their order, without the attempt id each carried. (Map.groupBy needs Node 21.) */
function byAttempt<Item extends { attemptId: string }>(items: Item[]): Map<string, Omit<Item, "attemptId">[]> {
  const groups = new Map<string, Omit<Item, "attemptId">[]>();
  for (const { attemptId, ...item } of items) {
    const group = groups.get(attemptId);
    if (group) group.push(item);
    else groups.set(attemptId, [item]);
  }
  return groups;
}

/** One response in full: every answer against the correct one, and the focus-log timeline. */
export const responseDetail = service("exam.readResponses", async (_actor, attemptId: string) => {
  const db = await getDb();
  const [attempt] = await db
    .select({ id: attempts.id, quizTitle: quizzes.title, participantName: users.name, score: attempts.score, timeTaken: attempts.timeTakenSeconds, startedAt: attempts.startedAt, submittedAt: attempts.submittedAt, deadlineAt: attempts.deadlineAt })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.participantId))
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(eq(attempts.id, attemptId));
  if (!attempt) throw new NotFound(message("responseNotFound"));
  const [saved, events] = await Promise.all([
    db
      .select({
        questionId: questions.id,
        text: questions.text,
        options: questions.options,
        rendered: questions.rendered,
        answerType: questions.answerType,
        correctOptionIndex: questions.correctOptionIndex,
        correctOptions: questions.correctOptions,
        acceptedAnswers: questions.acceptedAnswers,
        selectedOptionIndex: attemptAnswers.selectedOptionIndex,
        selectedOptions: attemptAnswers.selectedOptions,
        typedAnswer: attemptAnswers.typedAnswer,
        answeredAt: attemptAnswers.answeredAt,
      })
      .from(attemptAnswers)
      .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
      .where(eq(attemptAnswers.attemptId, attemptId))
      .orderBy(asc(attemptAnswers.answeredAt)),
    db.select({ kind: focusEvents.kind, occurredAt: focusEvents.occurredAt, durationMs: focusEvents.durationMs, detail: focusEvents.detail }).from(focusEvents).where(and(eq(focusEvents.attemptId, attemptId))).orderBy(asc(focusEvents.occurredAt)),
  ]);
  const [segments, proctoring, integrity] = await Promise.all([recordingSegmentCount(attemptId), proctoringReport(db, attempt), integrityStatus(db, attemptId)]);
  const answers = saved.map(({ correctOptionIndex, correctOptions, acceptedAnswers, selectedOptionIndex, selectedOptions, typedAnswer, ...answer }) => {
    const accepted: Accepted = correctOptions ?? acceptedAnswers ?? [correctOptionIndex!];
    const given = selectedOptions ?? typedAnswer ?? selectedOptionIndex;
    return { ...answer, accepted, given, verdict: answerVerdict({ type: answer.answerType, accepted }, given) };
  });
  return {
    ...attempt,
    /** Each answer as given against the bank's key (an option, options, or a typed number), with how it stands. */
    answers,
    events,
    /** Every proctoring event with the recording's gaps, counts per kind and the flags for review. */
    proctoring,
    /** The disqualification, if any, and the participant's appeal. */
    integrity,
    /** One playable video per recorder session (a reload starts a new one). */
    recordingUrls: Array.from({ length: segments }, (_, segment) => `/api/recordings/${attemptId}?segment=${segment}`),
  };
});
