import "server-only";
import { service, sessionService, type Session } from "@/lib/auth";
import { connectDatabase } from "@/lib/db";
import { Conflict, Invalid, NotFound, Unauthenticated } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { metrics } from "@/lib/metrics";
import { networkGraceSeconds } from "./clock";
import type { AnswerSave } from "./schemas";
import { finaliseAttempt } from "./finalise";


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

/** Who saves: a user the caller already identified, or a session the save's statement checks itself. */
type Saver = { userId: string; sessionVersion?: number };

/**
 * Idempotent and order-safe: a save only replaces an answer chosen earlier, so an old save
 * that arrives late never overwrites a newer one. Refused after submission or once the deadline
 * and its network grace are over,
 * and all of it is refused if one question is not the quiz's. Returns how many answers it stored
 * and the attempt's deadline: a running exam learns of extra time from its next save, without
 * asking. The checks and the write are one statement: the hot path of exam day is one round trip.
 */
async function storeAnswers(saver: Saver, quizId: string, saves: AnswerSave[], now: Date): Promise<{ stored: number; deadlineAt: Date }> {
  const choices = newestPerQuestion(saves);
  // The participant's place in the exam is where they were at their newest choice.
  const progress = choices.reduce((newest, save) => (save.answeredAt > newest.answeredAt ? save : newest));
  const { db, pool } = await connectDatabase();
  const { rows } = await pool.query<{ outcome: SaveOutcome; attempt: string | null; attempt_deadline: Date | null; stored: number }>({
    name: "exam.save-answers",
    text: SAVE_ANSWERS,
    values: [
      saver.userId,
      saver.sessionVersion ?? null,
      quizId,
      now.toISOString(),
      networkGraceSeconds,
      choices.map((save) => save.questionId),
      choices.map((save) => save.selectedOptionIndex),
      // A browser clock ahead of the server cannot push an answer past later saves.
      choices.map((save) => (save.answeredAt > now ? now : save.answeredAt).toISOString()),
      Math.max(0, progress.currentQuestionIndex),
      progress.timeLeftSeconds,
    ],
  });
  const [{ outcome, attempt, attempt_deadline: deadlineAt, stored }] = rows;
  switch (outcome) {
    // Logged out, reset, deleted or demoted since the cookie was issued: as the route wrapper would say.
    case "stranger":
      throw new Unauthenticated();
    case "no attempt":
      throw new NotFound(message("startQuizFirst"));
    case "submitted":
      throw new Conflict(message("alreadySubmitted"));
    // One clock (./clock.ts): taken until the deadline plus the network grace, never later.
    case "time up":
      await finaliseAttempt(db, attempt!);
      throw new Conflict(message("timeUp"));
    case "not in quiz":
      throw new Invalid(message("questionNotInQuiz"));
    case "stored":
      metrics().answerSaves.inc(stored);
      return { stored, deadlineAt: deadlineAt! };
  }
}

type SaveOutcome = "stranger" | "no attempt" | "submitted" | "time up" | "not in quiz" | "stored";

/**
 * The checks, in the order the refusals above take them, then the write: the attempt's progress
 * and each answer over an older choice only, while the attempt is open by the database's own
 * clock (a submit may have come since the snapshot; the row lock decides). The options arrive as
 * the participant saw them; the attempt's shuffle (migration 0031) maps them back.
 */
const SAVE_ANSWERS = `
  with checked as (
    select a.id as attempt, a.deadline_at, q.shuffle_options,
      case
        when a.id is null then 'no attempt'
        when a.submitted_at is not null then 'submitted'
        when a.deadline_at + make_interval(secs => $5::double precision) <= $4::timestamptz then 'time up'
        when (select count(*) from quiz_questions qq where qq.quiz_id = $3::uuid and qq.question_id = any($6::uuid[])) < cardinality($6::uuid[]) then 'not in quiz'
        else 'stored'
      end as outcome
    from users u
    left join attempts a on a.participant_id = u.id and a.quiz_id = $3::uuid
    left join quizzes q on q.id = a.quiz_id
    where u.id = $1::uuid and u.deleted_at is null and ($2::integer is null or u.session_version = $2::integer)
  ), progress as (
    update attempts set
      current_question_index = $9::integer,
      time_left_seconds = greatest(0, least($10::integer, floor(extract(epoch from attempts.deadline_at - $4::timestamptz))::integer))
    where attempts.id = (select attempt from checked where outcome = 'stored') and attempts.submitted_at is null
      and attempts.deadline_at + make_interval(secs => $5::double precision) > now()
    returning attempts.id, attempts.shuffle_seed
  ), written as (
    insert into attempt_answers as kept (attempt_id, question_id, selected_option_index, answered_at)
    select progress.id, saved.question_id,
      case when (select shuffle_options from checked) then original_option(progress.shuffle_seed, qq.position, saved.shown) else saved.shown end,
      saved.answered_at
    from progress
    cross join unnest($6::uuid[], $7::smallint[], $8::timestamptz[]) as saved(question_id, shown, answered_at)
    join quiz_questions qq on qq.quiz_id = $3::uuid and qq.question_id = saved.question_id
    on conflict (attempt_id, question_id) do update
      set selected_option_index = excluded.selected_option_index, answered_at = excluded.answered_at, saved_at = now()
      where kept.answered_at < excluded.answered_at
    returning 1
  )
  select coalesce((select outcome from checked), 'stranger') as outcome,
    (select attempt from checked), (select deadline_at from checked) as attempt_deadline,
    (select count(*)::integer from written) as stored`;

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
