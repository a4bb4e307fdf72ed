import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * The score of the attempt aliased `a`, from its stored (canonical) answers and its quiz's own
 * key and marking scheme: a dropped question gives every attempt the marks of a correct answer,
 * answered or not; an unanswered one scores 0 and a wrong one loses the quiz's wrong-answer
 * marks. Before the provisional key is published the quiz has no key of its own and the question
 * bank's answer stands. Finalising an attempt and rescoring a quiz both use this, so they can
 * never disagree.
 */
export const attemptScore: SQL = sql`(
  select coalesce(sum(case
    when qq.dropped then qz.marks_per_question
    when aa.selected_option_index is null then 0
    when aa.selected_option_index = coalesce(qq.key_option_index, q.correct_option_index) then qz.marks_per_question
    else -qz.wrong_answer_marks end), 0)
  from quiz_questions qq
  join questions q on q.id = qq.question_id
  join quizzes qz on qz.id = qq.quiz_id
  left join attempt_answers aa on aa.attempt_id = a.id and aa.question_id = qq.question_id
  where qq.quiz_id = a.quiz_id)`;
