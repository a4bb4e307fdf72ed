-- Issue 36: a marking scheme per quiz. A wrong answer may cost marks, so a score may be negative.
ALTER TABLE "attempts" DROP CONSTRAINT "attempts_score_not_negative";--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "wrong_answer_marks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "wrong_answer_marks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_wrong_answer_marks_not_negative" CHECK ("quizzes"."wrong_answer_marks" >= 0);--> statement-breakpoint
-- Columns are added at the end of a view only.
CREATE OR REPLACE VIEW "current_published_results" AS
  SELECT p.quiz_id, p.revision, p.answer_key, p.prize_table, p.marks_per_question, p.disqualified_ids, p.digest, p.digest_format, p.results_file, p.previous_digest, p.reason, p.published_by_id, p.published_at, p.wrong_answer_marks
  FROM published_results p
  WHERE p.revision = (SELECT max(x.revision) FROM published_results x WHERE x.quiz_id = p.quiz_id);--> statement-breakpoint
-- Participants register knowing how they will be marked: from the opening of registration the
-- scheme stays as announced, whoever updates the row (the service refuses it first, in words).
CREATE FUNCTION refuse_marking_change_after_registration_opens() RETURNS trigger AS $$
BEGIN
  IF (NEW.marks_per_question, NEW.wrong_answer_marks) IS DISTINCT FROM (OLD.marks_per_question, OLD.wrong_answer_marks)
    AND OLD.form_start_at <= now() THEN
    RAISE EXCEPTION 'quiz %: its marking scheme is fixed once registration opens', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'quizzes_marking_fixed';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER quizzes_marking_fixed
  BEFORE UPDATE OF marks_per_question, wrong_answer_marks ON quizzes
  FOR EACH ROW EXECUTE FUNCTION refuse_marking_change_after_registration_opens();
