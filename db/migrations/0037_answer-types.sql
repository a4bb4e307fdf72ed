-- Issue 53: the papers India's olympiads set. A question is answered with one option of 2 to 6,
-- one or more options, a typed whole number or a typed decimal; a quiz is one or more sections,
-- each with its own marks (a question may override them); marks and scores are exact decimals of
-- two places (numeric), never floating point.
-- The views over the results read columns whose type changes: dropped here, made again below.
DROP VIEW "current_published_results";--> statement-breakpoint
DROP VIEW "current_result_rows";--> statement-breakpoint
DROP TRIGGER quizzes_marking_fixed ON quizzes;--> statement-breakpoint
CREATE TYPE "public"."answer_type" AS ENUM('single', 'multiple', 'integer', 'numerical');--> statement-breakpoint
CREATE TABLE "quiz_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"name_hi" text,
	"marks_correct" numeric(6, 2) NOT NULL,
	"marks_wrong" numeric(6, 2) DEFAULT 0 NOT NULL,
	"marks_unanswered" numeric(6, 2) DEFAULT 0 NOT NULL,
	"marks_partial" numeric(6, 2),
	CONSTRAINT "quiz_sections_position_unique" UNIQUE("quiz_id","position"),
	CONSTRAINT "quiz_sections_position_not_negative" CHECK ("quiz_sections"."position" >= 0),
	CONSTRAINT "quiz_sections_marks_correct_positive" CHECK ("quiz_sections"."marks_correct" > 0),
	CONSTRAINT "quiz_sections_marks_wrong_not_negative" CHECK ("quiz_sections"."marks_wrong" >= 0),
	CONSTRAINT "quiz_sections_marks_partial_positive" CHECK ("quiz_sections"."marks_partial" is null or "quiz_sections"."marks_partial" > 0)
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" DROP CONSTRAINT "attempt_answers_option_in_range";--> statement-breakpoint
ALTER TABLE "key_decisions" DROP CONSTRAINT "key_decisions_new_option_for_change";--> statement-breakpoint
ALTER TABLE "published_results" DROP CONSTRAINT "published_results_file_of_format_2";--> statement-breakpoint
ALTER TABLE "published_results" DROP CONSTRAINT "published_results_revision_in_format_2";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_four_options";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_correct_option_in_range";--> statement-breakpoint
ALTER TABLE "questions" DROP CONSTRAINT "questions_hindi_four_options";--> statement-breakpoint
ALTER TABLE "quiz_questions" DROP CONSTRAINT "quiz_questions_key_in_range";--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "score" SET DATA TYPE numeric(9, 2);--> statement-breakpoint
ALTER TABLE "key_decisions" ALTER COLUMN "previous_option_index" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ALTER COLUMN "marks_per_question" SET DATA TYPE numeric(6, 2);--> statement-breakpoint
ALTER TABLE "published_results" ALTER COLUMN "marks_per_question" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "published_results" ALTER COLUMN "wrong_answer_marks" SET DATA TYPE numeric(6, 2);--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "correct_option_index" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ALTER COLUMN "marks_per_question" SET DATA TYPE numeric(6, 2);--> statement-breakpoint
ALTER TABLE "quizzes" ALTER COLUMN "marks_per_question" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "quizzes" ALTER COLUMN "wrong_answer_marks" SET DATA TYPE numeric(6, 2);--> statement-breakpoint
ALTER TABLE "result_rows" ALTER COLUMN "score" SET DATA TYPE numeric(9, 2);--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "selected_options" smallint[];--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD COLUMN "typed_answer" text;--> statement-breakpoint
ALTER TABLE "key_decisions" ADD COLUMN "previous_options" smallint[];--> statement-breakpoint
ALTER TABLE "key_decisions" ADD COLUMN "new_options" smallint[];--> statement-breakpoint
ALTER TABLE "key_decisions" ADD COLUMN "previous_answers" "nummultirange";--> statement-breakpoint
ALTER TABLE "key_decisions" ADD COLUMN "new_answers" "nummultirange";--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "sections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_type" "answer_type" DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "correct_options" smallint[];--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "accepted_answers" "nummultirange";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_limits" "numrange";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_decimals" smallint;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "key_options" smallint[];--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "key_answers" "nummultirange";--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "marks_correct" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "marks_wrong" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "quiz_sections" ADD CONSTRAINT "quiz_sections_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_section_id_quiz_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."quiz_sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_options_in_range" CHECK ("attempt_answers"."selected_options" is null or (cardinality("attempt_answers"."selected_options") between 1 and 6 and 0 <= all("attempt_answers"."selected_options") and 5 >= all("attempt_answers"."selected_options")));--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_one_kind" CHECK (num_nonnulls("attempt_answers"."selected_option_index", "attempt_answers"."selected_options", "attempt_answers"."typed_answer") <= 1);--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_typed_is_decimal" CHECK ("attempt_answers"."typed_answer" ~ '^-?[0-9]{1,9}([.][0-9]{1,2})?$');--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_option_in_range" CHECK ("attempt_answers"."selected_option_index" is null or "attempt_answers"."selected_option_index" between 0 and 5);--> statement-breakpoint
ALTER TABLE "key_decisions" ADD CONSTRAINT "key_decisions_new_key_for_change" CHECK (("key_decisions"."decision" = 'change') = (num_nonnulls("key_decisions"."new_option_index", "key_decisions"."new_options", "key_decisions"."new_answers") = 1)
        and num_nonnulls("key_decisions"."previous_option_index", "key_decisions"."previous_options", "key_decisions"."previous_answers") = 1
        and ("key_decisions"."new_option_index" is null or "key_decisions"."new_option_index" between 0 and 5));--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_format_known" CHECK ("published_results"."digest_format" between 1 and 3);--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_file_of_format_2" CHECK (("published_results"."digest_format" >= 2) = ("published_results"."results_file" is not null));--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_revision_in_format_2" CHECK ("published_results"."revision" = 1 or "published_results"."digest_format" >= 2);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_answer_fits_type" CHECK (coalesce(case "questions"."answer_type"
        when 'single' then cardinality("questions"."options") between 2 and 6 and "questions"."correct_option_index" between 0 and cardinality("questions"."options") - 1
          and "questions"."correct_options" is null and "questions"."accepted_answers" is null and "questions"."answer_limits" is null and "questions"."answer_decimals" is null
        when 'multiple' then cardinality("questions"."options") between 2 and 6 and "questions"."correct_option_index" is null
          and cardinality("questions"."correct_options") >= 1 and 0 <= all("questions"."correct_options") and cardinality("questions"."options") > all("questions"."correct_options")
          and "questions"."accepted_answers" is null and "questions"."answer_limits" is null and "questions"."answer_decimals" is null
        else cardinality("questions"."options") = 0 and "questions"."correct_option_index" is null and "questions"."correct_options" is null
          and not isempty("questions"."accepted_answers") and "questions"."answer_decimals" between 0 and 2
          and ("questions"."answer_type" = 'numerical' or ("questions"."answer_decimals" = 0 and "questions"."answer_limits" is not null))
        end, false));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_hindi_options_match" CHECK ("questions"."options_hi" is null or cardinality("questions"."options_hi") = cardinality("questions"."options"));--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_marks_correct_positive" CHECK ("quiz_questions"."marks_correct" is null or "quiz_questions"."marks_correct" > 0);--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_marks_wrong_not_negative" CHECK ("quiz_questions"."marks_wrong" is null or "quiz_questions"."marks_wrong" >= 0);--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_key_in_range" CHECK ("quiz_questions"."key_option_index" is null or "quiz_questions"."key_option_index" between 0 and 5);
--> statement-breakpoint
CREATE VIEW "current_published_results" AS
  SELECT p.quiz_id, p.revision, p.answer_key, p.prize_table, p.marks_per_question, p.disqualified_ids, p.digest, p.digest_format, p.results_file, p.previous_digest, p.reason, p.published_by_id, p.published_at, p.wrong_answer_marks, p.sections
  FROM published_results p
  WHERE p.revision = (SELECT max(x.revision) FROM published_results x WHERE x.quiz_id = p.quiz_id);--> statement-breakpoint
CREATE VIEW "current_result_rows" AS
  SELECT r.quiz_id, r.revision, r.participant_id, r.rank, r.score, r.time_taken_seconds, r.prize_paise, r.free_pass, r.pseudonym
  FROM result_rows r
  WHERE r.revision = (SELECT max(x.revision) FROM published_results x WHERE x.quiz_id = r.quiz_id);--> statement-breakpoint
CREATE TRIGGER quizzes_marking_fixed
  BEFORE UPDATE OF marks_per_question, wrong_answer_marks ON quizzes
  FOR EACH ROW EXECUTE FUNCTION refuse_marking_change_after_registration_opens();--> statement-breakpoint
-- A section's marks and a question's own are the marking scheme too: fixed, like the quiz's, from
-- the opening of registration (a section added, changed or removed then would change them).
CREATE FUNCTION refuse_section_marking_change_after_registration_opens() RETURNS trigger
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  quiz uuid := CASE TG_OP WHEN 'DELETE' THEN OLD.quiz_id ELSE NEW.quiz_id END;
BEGIN
  -- Each table's fields are named in its own branch only: PL/pgSQL plans a whole expression.
  IF TG_OP = 'UPDATE' THEN
    IF TG_TABLE_NAME = 'quiz_questions' THEN
      IF (NEW.section_id, NEW.marks_correct, NEW.marks_wrong) IS NOT DISTINCT FROM (OLD.section_id, OLD.marks_correct, OLD.marks_wrong) THEN
        RETURN NEW;
      END IF;
    ELSIF (NEW.marks_correct, NEW.marks_wrong, NEW.marks_unanswered, NEW.marks_partial) IS NOT DISTINCT FROM (OLD.marks_correct, OLD.marks_wrong, OLD.marks_unanswered, OLD.marks_partial) THEN
      RETURN NEW;
    END IF;
  END IF;
  -- A quiz made in this very transaction (its row is this transaction's and was made at its start)
  -- was never announced otherwise: one made with registration already open gets its sections with it.
  IF EXISTS (SELECT FROM public.quizzes q WHERE q.id = quiz AND q.form_start_at <= now()
    AND NOT (q.xmin = pg_current_xact_id()::xid AND q.created_at = now())) THEN
    RAISE EXCEPTION 'quiz %: its marking scheme is fixed once registration opens', quiz
      USING ERRCODE = 'check_violation', CONSTRAINT = 'quizzes_marking_fixed';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER quiz_sections_marking_fixed
  BEFORE INSERT OR UPDATE OR DELETE ON quiz_sections
  FOR EACH ROW EXECUTE FUNCTION refuse_section_marking_change_after_registration_opens();--> statement-breakpoint
CREATE TRIGGER quiz_questions_marking_fixed
  BEFORE UPDATE OF section_id, marks_correct, marks_wrong ON quiz_questions
  FOR EACH ROW EXECUTE FUNCTION refuse_section_marking_change_after_registration_opens();--> statement-breakpoint
-- What an exam shows now includes the answer type, the limits of a typed answer and the sections.
DROP TRIGGER questions_bump_quiz_version ON questions;--> statement-breakpoint
CREATE TRIGGER questions_bump_quiz_version
  AFTER UPDATE OF text, options, text_hi, options_hi, rendered, answer_type, answer_limits, answer_decimals ON questions
  FOR EACH ROW EXECUTE FUNCTION bump_quiz_questions_version();--> statement-breakpoint
DROP TRIGGER quiz_questions_bump_quiz_version ON quiz_questions;--> statement-breakpoint
CREATE TRIGGER quiz_questions_bump_quiz_version
  AFTER INSERT OR DELETE OR UPDATE OF quiz_id, question_id, position, section_id, marks_correct, marks_wrong ON quiz_questions
  FOR EACH ROW EXECUTE FUNCTION bump_quiz_questions_version();--> statement-breakpoint
CREATE TRIGGER quiz_sections_bump_quiz_version
  AFTER INSERT OR DELETE OR UPDATE ON quiz_sections
  FOR EACH ROW EXECUTE FUNCTION bump_quiz_questions_version();
--> statement-breakpoint
-- The original option a participant was shown in place `shown` of a shuffled question of any
-- number of options: element `shown` of lib/exam/shuffle.ts's seededPermutation(option_count,
-- questionSeed(seed, position)), bit for bit (lib/exam/shuffle.test.ts compares the two). Four
-- options, the common case on exam day, keep original_option's table; this loop is the rest.
CREATE FUNCTION original_option_among(attempt_seed integer, question_position integer, shown smallint, option_count integer) RETURNS smallint AS $$
DECLARE
  seed bigint := (attempt_seed::bigint & 4294967295) # (((question_position + 1)::numeric * 2654435761) % 4294967296)::bigint;
  s bigint;
  t bigint;
  a bigint;
  b bigint;
  draw integer := 0;
  picked integer;
  kept smallint;
  orders smallint[] := '{}';
BEGIN
  FOR place IN 0..option_count - 1 LOOP
    orders := orders || place::smallint;
  END LOOP;
  -- Fisher-Yates from the last place down, one mulberry32 draw a place, as seededPermutation.
  FOR place IN REVERSE option_count - 1..1 LOOP
    draw := draw + 1;
    s := (seed + draw * 1831565813::bigint) & 4294967295;
    a := s # (s >> 15);
    b := s | 1;
    t := ((a & 65535) * (b & 65535) + ((((a >> 16) * (b & 65535) + (a & 65535) * (b >> 16)) & 65535) << 16)) & 4294967295;
    a := t # (t >> 7);
    b := t | 61;
    t := t # ((t + (((a & 65535) * (b & 65535) + ((((a >> 16) * (b & 65535) + (a & 65535) * (b >> 16)) & 65535) << 16)) & 4294967295)) & 4294967295);
    picked := floor(((t # (t >> 14))::double precision / 4294967296) * (place + 1))::integer;
    kept := orders[place + 1];
    orders[place + 1] := orders[picked + 1];
    orders[picked + 1] := kept;
  END LOOP;
  RETURN orders[shown + 1];
END;
$$ LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, public, pg_temp;
