import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { answerIsRight } from "@/lib/exam";
import { ACTIVITY_DAYS, DISCRIMINATION_GROUP_SHARE, PENDING_LISTED } from "./schemas";

/**
 * The Overview's numbers, one SQL statement each, so each is one round trip and one plan to read
 * (`npm run bench:insights` prints their timings and plans on 100,000 attempts). Days are India
 * calendar days. Kept apart from the services so the benchmark can EXPLAIN exactly what they run.
 */

const INDIA = "Asia/Kolkata";

/**
 * Per India day of the last ACTIVITY_DAYS: accounts created, entry fees submitted, entry fees
 * verified and their amount, and entry fees refunded. Each source is grouped once over its own
 * index range (created_at, or the verified entry fees' reviewed_at), then laid on the calendar.
 * Free entries (verified at ₹0) add nothing to the amount and are not counted as payments.
 */
export function activityQuery(now: Date): SQL {
  const today = sql`(${now}::timestamptz at time zone ${INDIA})::date`;
  const firstDay = sql`(${today} - ${ACTIVITY_DAYS - 1}::int)`;
  // An expression of the parameter rather than a CTE's column, so the planner sees how recent the
  // range is and picks the indexes (migration 0015) over whole-table scans.
  const since = sql`(${firstDay}::timestamp at time zone ${INDIA})`;
  return sql`
    with accounts as (
      select (u.created_at at time zone ${INDIA})::date as day, count(*)::int as n
      from users u where u.created_at >= ${since} group by 1
    ), registrations as (
      select (t.created_at at time zone ${INDIA})::date as day, count(*)::int as n
      from transactions t where t.type = 'form pay' and t.created_at >= ${since} group by 1
    ), verified as (
      select (t.reviewed_at at time zone ${INDIA})::date as day, count(*) filter (where t.amount_paise > 0)::int as n, sum(t.amount_paise)::bigint as paise
      from transactions t where t.type = 'form pay' and t.status = 'verified' and t.reviewed_at >= ${since} group by 1
    ), refunds as (
      select (r.created_at at time zone ${INDIA})::date as day, sum(r.amount_paise)::bigint as paise
      from transactions r join transactions paid on paid.id = r.refund_of_id
      where r.refund_of_id is not null and r.created_at >= ${since} and paid.type = 'form pay' group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(a.n, 0) as new_accounts, coalesce(g.n, 0) as registrations,
           coalesce(v.n, 0) as verified_payments, coalesce(v.paise, 0)::bigint as revenue_paise, coalesce(f.paise, 0)::bigint as refunded_paise
    from generate_series(${firstDay}, ${today}, interval '1 day') as calendar(at)
    cross join lateral (select calendar.at::date as day) d
    left join accounts a on a.day = d.day
    left join registrations g on g.day = d.day
    left join verified v on v.day = d.day
    left join refunds f on f.day = d.day
    order by d.day`;
}

/** Payments waiting for an admin, oldest first, with how long each has waited and how many wait in all. */
export function pendingQuery(now: Date): SQL {
  return sql`
    select t.id, t.type, t.amount_paise, t.created_at, t.statement_matched_at is not null as statement_matched,
           greatest(0, extract(epoch from (${now}::timestamptz - t.created_at)))::int as age_seconds,
           u.name as participant_name, q.title as quiz_title, count(*) over ()::int as total
    from transactions t
    join users u on u.id = t.user_id
    left join quizzes q on q.id = t.quiz_id
    where t.status = 'pending'
    order by t.created_at, t.id
    limit ${PENDING_LISTED}`;
}

/** Quizzes whose exam has not ended: capacity, verified and pending entry fees. */
export function seatsQuery(now: Date): SQL {
  return sql`
    select q.id, q.title, q.capacity, q.form_end_at, q.exam_start_at,
           count(t.id) filter (where t.status = 'verified')::int as registered,
           count(t.id) filter (where t.status = 'pending')::int as pending
    from quizzes q
    left join transactions t on t.quiz_id = q.id and t.type = 'form pay' and t.status in ('verified', 'pending')
    where not q.is_demo and q.exam_end_at > ${now}::timestamptz
    group by q.id
    order by q.exam_start_at, q.id`;
}

/** Attempts that count: submitted and not disqualified (the ranking's takers). */
const COUNTED = sql`a.submitted_at is not null and a.disqualified_at is null`;

/** Quizzes whose exam window closed, newest first, with how many counted attempts each has. */
export function finishedQuizzesQuery(now: Date): SQL {
  return sql`
    select q.id, q.title, q.exam_end_at, q.results_published_at,
           (select count(*)::int from attempts a where a.quiz_id = q.id and ${COUNTED}) as takers
    from quizzes q
    where not q.is_demo and q.exam_end_at <= ${now}::timestamptz
    order by q.exam_end_at desc, q.id
    limit 50`;
}

/**
 * How many counted attempts scored each whole score (a fractional score counts with the whole
 * number below it), and the most a quiz gives (each question's full marks: its own, its section's
 * or the quiz's).
 */
export function scoreDistributionQuery(quizId: string): SQL {
  return sql`
    select s.score, s.attempts, (select floor(coalesce(sum(coalesce(qq.marks_correct, qs.marks_correct, q.marks_per_question)), 0))::int
        from quiz_questions qq left join quiz_sections qs on qs.id = qq.section_id where qq.quiz_id = q.id) as max_score
    from quizzes q
    left join lateral (
      select floor(a.score)::int as score, count(*)::int as attempts from attempts a
      where a.quiz_id = q.id and ${COUNTED} group by 1
    ) s on true
    where q.id = ${quizId}
    order by s.score`;
}

/**
 * Classic item analysis per question of a quiz, over its counted attempts:
 * - share correct: takers whose answer is right / all takers (unanswered is wrong), for every
 *   answer type (the option, exactly the options, or a typed number within an accepted range);
 * - discrimination index D = share correct in the upper group − share correct in the lower group,
 *   the groups being the top and bottom g = round(27 % × takers) by total score (Kelley's 27 %
 *   rule). Takers tied on the score at a group's edge share its remaining places: each counts with
 *   weight places left / takers tied, which is D averaged over every way of breaking the tie (an
 *   arbitrary tie-break such as the attempt id would make D depend on luck);
 * - how many takers chose each option of a single-correct question.
 * The key is what scoring uses now: the quiz's own once published, else the question bank's.
 *
 * The answers (25 per taker) are the bulk, so they are folded once, in parallel workers, to
 * tallies per question, option and score (at most questions × 4 × scores rows), and everything
 * else works on those. A window function over the takers would have kept that scan in one process.
 * The tallies are materialised: inlined, the planner would scan the answers once per question.
 */
export function itemAnalysisQuery(quizId: string): SQL {
  return sql`
    with tallies as materialized (
      select aa.question_id, aa.selected_option_index as choice, coalesce(${answerIsRight}, false) as "right", a.score, count(*)::int as chose
      from attempt_answers aa join attempts a on a.id = aa.attempt_id
      join quiz_questions qq on qq.quiz_id = a.quiz_id and qq.question_id = aa.question_id
      join questions q on q.id = aa.question_id
      where a.quiz_id = ${quizId} and ${COUNTED} and num_nonnulls(aa.selected_option_index, aa.selected_options, aa.typed_answer) > 0
      group by 1, 2, 3, 4
    ), scores as (
      select a.score, count(*)::int as takers from attempts a where a.quiz_id = ${quizId} and ${COUNTED} group by a.score
    ), sized as (
      select coalesce(sum(takers), 0)::int as n, round(${DISCRIMINATION_GROUP_SHARE}::numeric * coalesce(sum(takers), 0))::int as g from scores
    ), weights as (
      select s.score,
             greatest(0, least(1, (z.g - coalesce(sum(s.takers) over (order by s.score desc rows between unbounded preceding and 1 preceding), 0))::numeric / s.takers)) as upper_weight,
             greatest(0, least(1, (z.g - coalesce(sum(s.takers) over (order by s.score asc rows between unbounded preceding and 1 preceding), 0))::numeric / s.takers)) as lower_weight
      from scores s, sized z
    )
    select qq.question_id, qq.position, q.text, q.rendered #>> '{en,text}' as html, q.options, q.answer_type, coalesce(qq.key_option_index, q.correct_option_index)::int as key_option_index,
           qq.dropped, z.n as takers, z.g as group_size,
           array(select coalesce(sum(tallies.chose) filter (where tallies.choice = option), 0)::int
                   from generate_series(0, case when q.answer_type = 'single' then cardinality(q.options) - 1 else -1 end) option
                   left join tallies on tallies.question_id = qq.question_id and q.answer_type = 'single'
                  group by option order by option) as option_counts,
           coalesce(t.answered, 0)::int as answered, coalesce(t.right_answers, 0)::int as right_answers,
           coalesce(t.upper_correct, 0)::float8 as upper_correct, coalesce(t.lower_correct, 0)::float8 as lower_correct
    from quiz_questions qq
    join questions q on q.id = qq.question_id
    cross join sized z
    left join lateral (
      select sum(chose) as answered, sum(chose) filter (where tallies."right") as right_answers,
             sum(chose * w.upper_weight) filter (where tallies."right") as upper_correct,
             sum(chose * w.lower_weight) filter (where tallies."right") as lower_correct
      from tallies join weights w on w.score = tallies.score
      where tallies.question_id = qq.question_id
    ) t on true
    where qq.quiz_id = ${quizId}
    order by qq.position`;
}

/** The statements above, for the benchmark's EXPLAIN ANALYZE (by name, in the Overview's order). */
export function insightQueries(now: Date, quizId: string): Record<string, SQL> {
  return {
    activity: activityQuery(now),
    pending: pendingQuery(now),
    seats: seatsQuery(now),
    finishedQuizzes: finishedQuizzesQuery(now),
    scoreDistribution: scoreDistributionQuery(quizId),
    itemAnalysis: itemAnalysisQuery(quizId),
  };
}
