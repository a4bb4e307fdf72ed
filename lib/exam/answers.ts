import "server-only";
import { service, sessionService, type Session } from "@/lib/auth";
import { connectDatabase } from "@/lib/db";
import { Conflict, Invalid, NotFound, Unauthenticated } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { metrics } from "@/lib/metrics";
import { networkGraceSeconds } from "./clock";
import { typedAnswerProblem } from "./marking";
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
  const { rows } = await pool.query<{ outcome: SaveOutcome; attempt: string | null; attempt_deadline: Date | null; stored: number; misfit: Misfit | null }>({
    name: "exam.save-answers",
    text: SAVE_ANSWERS,
    values: [
      saver.userId,
      saver.sessionVersion ?? null,
      quizId,
      now.toISOString(),
      networkGraceSeconds,
      choices.map((save) => save.questionId),
      choices.map((save) => save.selectedOptionIndex ?? null),
      // A browser clock ahead of the server cannot push an answer past later saves.
      choices.map((save) => (save.answeredAt > now ? now : save.answeredAt).toISOString()),
      Math.max(0, progress.currentQuestionIndex),
      progress.timeLeftSeconds,
      choices.map((save) => (save.selectedOptions ? save.selectedOptions.reduce((mask, option) => mask | (1 << option), 0) : null)),
      choices.map((save) => save.typedAnswer ?? null),
      choices.map(answerKind),
    ],
  });
  const [{ outcome, attempt, attempt_deadline: deadlineAt, stored, misfit }] = rows;
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
    case "misfit":
      throw new Invalid(misfitMessage(misfit!));
    case "stored":
      metrics().answerSaves.inc(stored);
      return { stored, deadlineAt: deadlineAt! };
  }
}

type SaveOutcome = "stranger" | "no attempt" | "submitted" | "time up" | "not in quiz" | "misfit" | "stored";

/** Which of the three answers a save carries: an option, options, or a typed number. */
function answerKind(save: AnswerSave): "option" | "options" | "typed" {
  if (save.selectedOptions !== undefined) return "options";
  return save.typedAnswer !== undefined ? "typed" : "option";
}

/** The first answer of a save that does not fit its question, with what the question allows. */
interface Misfit {
  typed: string | null;
  answer_type: string;
  low: string | null;
  high: string | null;
  decimals: number | null;
}

/** Why the answer does not fit: a typed number's range or decimals, or an answer of another kind. */
function misfitMessage({ typed, answer_type: type, low, high, decimals }: Misfit) {
  if (typed !== null && (type === "integer" || type === "numerical")) {
    const problem = typedAnswerProblem(typed, { type, limits: low !== null && high !== null ? [low, high] : null, decimals: decimals ?? 0 });
    if (problem) return "values" in problem ? message(problem.id, problem.values) : message(problem.id);
  }
  return message("answerDoesNotFitQuestion");
}

/**
 * The checks, in the order the refusals above take them, then the write: the attempt's progress
 * and each answer over an older choice only, while the attempt is open by the database's own
 * clock (a submit may have come since the snapshot; the row lock decides). The options arrive as
 * the participant saw them; the attempt's shuffle (migrations 0031, 0037) maps them back. Each answer
 * must fit its question: an option of a single-correct one, options of a multiple-correct one
 * (`$11`, a bitmask of the places shown), or a number typed for a typed one (`$12`) within its
 * range and decimal places; `$13` says which of the three each save is.
 */
const SAVE_ANSWERS = `
  with saved as (
    select * from unnest($6::uuid[], $7::smallint[], $8::timestamptz[], $11::integer[], $12::text[], $13::text[])
      as saved(question_id, shown, answered_at, shown_mask, typed, kind)
  ), misfit as (
    select saved.typed, qn.answer_type, lower(qn.answer_limits)::text as low, upper(qn.answer_limits)::text as high, qn.answer_decimals as decimals
    from saved join questions qn on qn.id = saved.question_id
    where not coalesce(case saved.kind
      when 'option' then qn.answer_type = 'single' and (saved.shown is null or saved.shown < cardinality(qn.options))
      when 'options' then qn.answer_type = 'multiple' and saved.shown_mask < (1 << cardinality(qn.options))
      else qn.answer_type in ('integer', 'numerical') and (saved.typed is null
        or (scale(saved.typed::numeric) <= qn.answer_decimals and (qn.answer_limits is null or saved.typed::numeric <@ qn.answer_limits)))
    end, false)
    limit 1
  ), checked as (
    select a.id as attempt, a.deadline_at, q.shuffle_options,
      case
        when a.id is null then 'no attempt'
        when a.submitted_at is not null then 'submitted'
        when a.deadline_at + make_interval(secs => $5::double precision) <= $4::timestamptz then 'time up'
        when (select count(*) from quiz_questions qq where qq.quiz_id = $3::uuid and qq.question_id = any($6::uuid[])) < cardinality($6::uuid[]) then 'not in quiz'
        when exists (select from misfit) then 'misfit'
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
    insert into attempt_answers as kept (attempt_id, question_id, selected_option_index, selected_options, typed_answer, answered_at)
    select progress.id, saved.question_id,
      case when saved.kind <> 'option' then null
        when not (select shuffle_options from checked) then saved.shown
        when cardinality(qn.options) = 4 then original_option(progress.shuffle_seed, qq.position, saved.shown)
        else original_option_among(progress.shuffle_seed, qq.position, saved.shown, cardinality(qn.options)) end,
      case when saved.kind = 'options' and saved.shown_mask > 0 then array(
        select case when not (select shuffle_options from checked) then place::smallint
          else original_option_among(progress.shuffle_seed, qq.position, place::smallint, cardinality(qn.options)) end
        from generate_series(0, cardinality(qn.options) - 1) place
        where saved.shown_mask & (1 << place) <> 0
        order by 1) end,
      case when saved.kind = 'typed' then saved.typed end,
      saved.answered_at
    from progress
    cross join saved
    join quiz_questions qq on qq.quiz_id = $3::uuid and qq.question_id = saved.question_id
    join questions qn on qn.id = saved.question_id
    on conflict (attempt_id, question_id) do update
      set selected_option_index = excluded.selected_option_index, selected_options = excluded.selected_options,
        typed_answer = excluded.typed_answer, answered_at = excluded.answered_at, saved_at = now()
      where kept.answered_at < excluded.answered_at
    returning 1
  )
  select coalesce((select outcome from checked), 'stranger') as outcome,
    (select attempt from checked), (select deadline_at from checked) as attempt_deadline,
    (select count(*)::integer from written) as stored,
    (select to_jsonb(misfit) from misfit) as misfit`;

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
