import "server-only";
import { sql, type SQL } from "drizzle-orm";

/**
 * The score of the attempt aliased `a`, from its stored (canonical) answers and its quiz's own
 * key and marking scheme, exactly in numeric: each question's marks are its own, else its
 * section's, else the quiz's. A dropped question gives every attempt the correct marks, answered
 * or not; an unanswered one scores the section's unanswered marks (0 by default); a wrong one
 * loses the wrong-answer marks. A multiple-correct question is right when exactly its options are
 * chosen; with the section's partial marks, a choice of correct options only, not all, earns them
 * per option chosen. A typed answer is right within an accepted range. Before the provisional key
 * is published the quiz has no key of its own and the question bank's answer stands. Finalising
 * an attempt and rescoring a quiz both use this, so they can never disagree; lib/exam/marking.ts
 * says the same for the results file.
 */
/**
 * Whether the answer `aa` to the quiz question `qq` (bank question `q`) is right against the
 * quiz's own key, else the bank's: the option, exactly the options, or a typed number within an
 * accepted range. Null when nothing is given.
 */
export const answerIsRight: SQL = sql`case q.answer_type
      when 'single' then aa.selected_option_index = coalesce(qq.key_option_index, q.correct_option_index)
      when 'multiple' then aa.selected_options @> coalesce(qq.key_options, q.correct_options) and aa.selected_options <@ coalesce(qq.key_options, q.correct_options)
      else aa.typed_answer::numeric <@ coalesce(qq.key_answers, q.accepted_answers)
    end`;

export const attemptScore: SQL = sql`(
  select coalesce(sum(case
    when qq.dropped then coalesce(qq.marks_correct, s.marks_correct, qz.marks_per_question)
    when num_nonnulls(aa.selected_option_index, aa.selected_options, aa.typed_answer) = 0 then coalesce(s.marks_unanswered, 0)
    when ${answerIsRight} then coalesce(qq.marks_correct, s.marks_correct, qz.marks_per_question)
    when q.answer_type = 'multiple' and s.marks_partial is not null and aa.selected_options <@ coalesce(qq.key_options, q.correct_options)
      then s.marks_partial * cardinality(aa.selected_options)
    else -coalesce(qq.marks_wrong, s.marks_wrong, qz.wrong_answer_marks) end), 0)
  from quiz_questions qq
  join questions q on q.id = qq.question_id
  join quizzes qz on qz.id = qq.quiz_id
  left join quiz_sections s on s.id = qq.section_id
  left join attempt_answers aa on aa.attempt_id = a.id and aa.question_id = qq.question_id
  where qq.quiz_id = a.quiz_id)`;
