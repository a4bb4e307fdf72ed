import type { Client } from "pg";

/**
 * A paid competition with cash prizes that ended weeks ago (older than the dashboard's 30-day
 * window, so it only shows up where a test looks for it): two questions of 10 marks whose answers
 * are options 1 and 2, and one cash prize per rank as given.
 */
export async function closedQuiz(client: Client, title: string, prizesPaise: number[]): Promise<{ quizId: string; questionIds: string[] }> {
  const prizeMoney = prizesPaise.reduce((total, amount) => total + amount, 0);
  const { rows } = await client.query<{ id: string }>(
    `insert into quizzes (title, name, contest_model, question_count, marks_per_question, prize_money_paise, shuffle_questions, shuffle_options,
       form_start_at, form_end_at, exam_start_at, exam_end_at, result_at)
     values ($1, $1, 'paid_cash', 2, 10, $2, false, false, now() - interval '45 days', now() - interval '42 days', now() - interval '41 days', now() - interval '41 days' + interval '12 hours', now() - interval '40 days')
     returning id`,
    [title, prizeMoney],
  );
  const quizId = rows[0].id;
  const questionIds: string[] = [];
  for (const [position, correct] of [1, 2].entries()) {
    const question = await client.query<{ id: string }>(
      `insert into questions (text, subject, options, correct_option_index) values ($1, 'General', $2, $3) returning id`,
      [`${title} question ${position + 1}`, ["North", "East", "South", "West"], correct],
    );
    questionIds.push(question.rows[0].id);
    await client.query(`insert into quiz_questions (quiz_id, question_id, position) values ($1, $2, $3)`, [quizId, question.rows[0].id, position]);
  }
  for (const [index, amountPaise] of prizesPaise.entries()) {
    await client.query(`insert into prize_tiers (quiz_id, rank_from, rank_to, kind, amount_paise) values ($1, $2, $2, 'cash', $3)`, [quizId, index + 1, amountPaise]);
  }
  return { quizId, questionIds };
}

/**
 * An attempt with its answers, then submitted after `seconds` (a submitted attempt's answers are
 * frozen, migration 0023). Stored scores are left at 0: publishing the key scores every attempt from its answers.
 */
export async function submittedAttempt(client: Client, quizId: string, participantId: string, seconds: number, questionIds: string[], answers: number[]): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into attempts (participant_id, quiz_id, shuffle_seed, started_at, deadline_at, time_left_seconds)
     select $1::uuid, id, 1, exam_start_at, exam_start_at + interval '40 minutes', 0
     from quizzes where id = $2::uuid
     returning id`,
    [participantId, quizId],
  );
  const attemptId = rows[0].id;
  for (const [position, selected] of answers.entries()) {
    await client.query(
      `insert into attempt_answers (attempt_id, question_id, selected_option_index, answered_at)
       select id, $2, $3, started_at + interval '1 minute' from attempts where id = $1`,
      [attemptId, questionIds[position], selected],
    );
  }
  await client.query(`update attempts set submitted_at = started_at + $2::int * interval '1 second', score = 0, time_taken_seconds = $2::int where id = $1`, [attemptId, seconds]);
  return attemptId;
}
