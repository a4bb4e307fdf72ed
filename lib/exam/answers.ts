import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { attempts, quizQuestions, quizzes, users } from "@/db/schema";
import { service, sessionService, type Session } from "@/lib/auth";
import { connectDatabase, prepared } from "@/lib/db";
import { Conflict, Invalid, NotFound, Unauthenticated } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { metrics } from "@/lib/metrics";
import { networkGraceSeconds, timeIsUp } from "./clock";
import type { AnswerSave } from "./schemas";
import { finaliseAttempt } from "./finalise";
import { questionSeed, seededPermutation } from "./shuffle";


/**
 * The last choice per question. Postgres refuses an upsert that touches a row twice, and of
 * equal times the first is kept, as saving them one after another would.
 */
function newestPerQuestion(saves: AnswerSave[]): AnswerSave[] {
  const newest = new Map<string, AnswerSave>();
  for (const save of saves) {
    const kept = newest.get(save.questionId);
    if (!kept || kept.answeredAt < save.answeredAt) newest.set(save.questionId, save);
  }
  return [...newest.values()];
}

/** Who saves: a user the caller already identified, or a session this read checks itself. */
type Saver = { userId: string; sessionVersion?: number };

/**
 * Idempotent and order-safe: a save only replaces an answer chosen earlier, so an old save
 * that arrives late never overwrites a newer one. Refused after submission or once the deadline
 * and its network grace are over,
 * and all of it is refused if one question is not the quiz's. Returns how many answers it stored
 * and the attempt's deadline: a running exam learns of extra time from its next save, without
 * asking.
 */

async function storeAnswers(saver: Saver, quizId: string, saves: AnswerSave[], now: Date): Promise<{ stored: number; deadlineAt: Date }> {
  const choices = newestPerQuestion(saves);
  const { db, pool } = await connectDatabase();
  const rows = await saveCheck(db).execute({
    userId: saver.userId,
    sessionVersion: saver.sessionVersion ?? null,
    quizId,
    questionIds: choices.map((choice) => choice.questionId),
  });
  // Logged out, reset, deleted or demoted since the cookie was issued: as the route wrapper would say.
  if (rows.length === 0) throw new Unauthenticated();
  const [{ attempt, shuffleOptions }] = rows;
  if (!attempt) throw new NotFound(message("startQuizFirst"));
  if (attempt.submittedAt) throw new Conflict(message("alreadySubmitted"));
  // One clock (./clock.ts): taken until the deadline plus the network grace, never later.
  if (timeIsUp(attempt.deadlineAt, now)) {
    await finaliseAttempt(db, attempt.id);
    throw new Conflict(message("timeUp"));
  }
  const positions = new Map(rows.map((row) => [row.questionId, row.position]));
  const answers = choices.map((save) => {
    const position = positions.get(save.questionId);
    if (position === undefined || position === null) throw new Invalid(message("questionNotInQuiz"));
    const optionOrder = shuffleOptions ? seededPermutation(4, questionSeed(attempt.seed, position)) : [0, 1, 2, 3];
    return {
      questionId: save.questionId,
      original: save.selectedOptionIndex === null ? null : optionOrder[save.selectedOptionIndex],
      // A browser clock ahead of the server cannot push an answer past later saves.
      answeredAt: (save.answeredAt > now ? now : save.answeredAt).toISOString(),
    };
  });
  // The participant's place in the exam is where they were at their newest choice.
  const progress = choices.reduce((newest, save) => (save.answeredAt > newest.answeredAt ? save : newest));
  const secondsToDeadline = Math.floor((attempt.deadlineAt.getTime() - now.getTime()) / 1000);

  const saved = await pool.query<{ question_id: string }>({
    name: "exam.store-answers",
    text: STORE_ANSWERS,
    values: [
      attempt.id,
      Math.max(0, progress.currentQuestionIndex),
      Math.max(0, Math.min(progress.timeLeftSeconds, secondsToDeadline)),
      answers.map((answer) => answer.questionId),
      answers.map((answer) => answer.original),
      answers.map((answer) => answer.answeredAt),
    ],
  });
  metrics().answerSaves.inc(saved.rows.length);
  return { stored: saved.rows.length, deadlineAt: attempt.deadlineAt };
}

/**
 * The hot path of exam day is two statements, both prepared on each database connection: one read
 * for every check (the session's too), one write.
 */
const saveCheck = prepared((db) => {
  const sessionVersion = sql.placeholder("sessionVersion");
  return db
    .select({
      attempt: { id: attempts.id, seed: attempts.shuffleSeed, deadlineAt: attempts.deadlineAt, submittedAt: attempts.submittedAt },
      shuffleOptions: quizzes.shuffleOptions,
      questionId: quizQuestions.questionId,
      position: quizQuestions.position,
    })
    .from(users)
    .leftJoin(attempts, and(eq(attempts.participantId, users.id), eq(attempts.quizId, sql.placeholder("quizId"))))
    .leftJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .leftJoin(quizQuestions, and(eq(quizQuestions.quizId, attempts.quizId), sql`${quizQuestions.questionId} = any(${sql.placeholder("questionIds")}::uuid[])`))
    // A saver the caller identified has no session version to check.
    .where(and(eq(users.id, sql.placeholder("userId")), isNull(users.deletedAt), sql`(${sessionVersion}::integer is null or ${users.sessionVersion} = ${sessionVersion})`))
    .prepare("exam.save-check");
});

/** Stores only over an older choice, and only while the attempt is open (a submit or the deadline may have come since the check). */
const STORE_ANSWERS = `
  with progress as (
    update attempts set current_question_index = $2, time_left_seconds = $3
    where id = $1 and submitted_at is null and deadline_at + make_interval(secs => ${networkGraceSeconds}) > now()
    returning id
  )
  insert into attempt_answers (attempt_id, question_id, selected_option_index, answered_at)
  select progress.id, batch.question_id, batch.selected_option_index, batch.answered_at
  from progress, unnest($4::uuid[], $5::smallint[], $6::timestamptz[]) as batch(question_id, selected_option_index, answered_at)
  on conflict (attempt_id, question_id) do update
    set selected_option_index = excluded.selected_option_index, answered_at = excluded.answered_at, saved_at = now()
    where attempt_answers.answered_at < excluded.answered_at
  returning question_id`;

/** One answer, as a batch of one. */
export const saveAnswer = service("exam.take", async (user, quizId: string, save: AnswerSave, now: Date = new Date()) =>
  savedOne(await storeAnswers({ userId: user.id }, quizId, [save], now)),
);

/** `saveAnswer` for the answer route, the caller's session checked in the same read as the attempt. */
export const saveAnswerForSession = sessionService("exam.take", async (session: Session, quizId: string, save: AnswerSave, now: Date = new Date()) =>
  savedOne(await storeAnswers(session, quizId, [save], now)),
);

function savedOne({ stored, deadlineAt }: { stored: number; deadlineAt: Date }) {
  return { saved: stored === 1, deadlineAt: deadlineAt.toISOString() };
}

/**
 * The answers a browser queued while the server was out of reach, checked and written as one (a
 * refusal refuses them all), the caller's session checked in the same read as the attempt.
 */
export const saveAnswersForSession = sessionService("exam.take", async (session: Session, quizId: string, saves: AnswerSave[], now: Date = new Date()) => {
  const { stored, deadlineAt } = await storeAnswers(session, quizId, saves, now);
  return { saved: stored, received: saves.length, deadlineAt: deadlineAt.toISOString() };
});
