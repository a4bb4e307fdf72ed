-- Issue 33: records that no insider can quietly rewrite.
--
-- TRUNCATE skips row triggers: published results and their rows (and with them every prize claim)
-- could be wiped in one statement. A BEFORE TRUNCATE trigger fires for tables reached by CASCADE
-- too, so truncating a table they refer to (quizzes, users) is refused as well. audit_log and the
-- books' tables (0008, 0021) already have theirs.
CREATE TRIGGER published_results_no_truncate
  BEFORE TRUNCATE ON published_results
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER result_rows_no_truncate
  BEFORE TRUNCATE ON result_rows
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
-- Inputs frozen at submission: once an attempt is submitted, what it answered and when it started,
-- was submitted and could last stay as they were; ranking and results:verify recompute from them.
-- What may still change: the disqualification (with its reason, audited), and the score, only by
-- rescoring against a changed key (lib/exam/answer-key.ts rescoreQuiz, inside the audited key
-- decision), which marks its transaction with olympiad.rescoring = 'on'. Every other column,
-- including any added later, is frozen.
CREATE FUNCTION refuse_change_to_submitted_attempt() RETURNS trigger AS $$
DECLARE
  allowed attempts;
BEGIN
  IF OLD.submitted_at IS NULL THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'attempt % was submitted: it cannot be deleted', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'attempts_frozen_at_submission';
  END IF;
  allowed := NEW;
  allowed.disqualified_at := OLD.disqualified_at;
  allowed.disqualified_by_id := OLD.disqualified_by_id;
  allowed.disqualification_reason := OLD.disqualification_reason;
  IF current_setting('olympiad.rescoring', true) = 'on' THEN
    allowed.score := OLD.score;
  END IF;
  IF allowed IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'attempt % was submitted: its answers, times and score cannot change (a score only by rescoring)', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'attempts_frozen_at_submission';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER attempts_frozen_at_submission
  BEFORE UPDATE OR DELETE ON attempts
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_submitted_attempt();
--> statement-breakpoint
CREATE FUNCTION refuse_change_to_submitted_answer() RETURNS trigger AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM attempts a WHERE a.id = OLD.attempt_id AND a.submitted_at IS NOT NULL))
    OR (TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM attempts a WHERE a.id = NEW.attempt_id AND a.submitted_at IS NOT NULL)) THEN
    RAISE EXCEPTION 'the attempt was submitted: its answers cannot change'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'attempt_answers_frozen_at_submission';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER attempt_answers_frozen_at_submission
  BEFORE INSERT OR UPDATE OR DELETE ON attempt_answers
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_submitted_answer();
--> statement-breakpoint
-- TRUNCATE would wipe submitted attempts and their answers at once: refused while there is one.
CREATE FUNCTION refuse_truncate_of_submitted_attempts() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM attempts WHERE submitted_at IS NOT NULL) THEN
    RAISE EXCEPTION '% cannot be truncated: it holds submitted attempts', TG_TABLE_NAME
      USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_frozen_at_submission';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER attempts_no_truncate
  BEFORE TRUNCATE ON attempts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_submitted_attempts();
--> statement-breakpoint
CREATE TRIGGER attempt_answers_no_truncate
  BEFORE TRUNCATE ON attempt_answers
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_of_submitted_attempts();
