-- The rule of 0023 (a submitted attempt's answers and times are frozen) at less cost to answer
-- saves, exam day's bulk of writes. Its answer trigger ran before every row an upsert proposed,
-- so a save replacing an older answer was checked twice (BEFORE INSERT, then BEFORE UPDATE), each
-- time with a condition holding two lookups of the attempt that cost more than the lookup itself;
-- and the attempt's trigger ran for every progress update of a running attempt.
--
-- Answers are now checked after their statement wrote them: once per row written (a replaced
-- answer is one update, however its upsert began), with one lookup of the attempt. A row that
-- broke the rule still fails its whole statement. The attempt's function runs for submitted
-- attempts only.
CREATE OR REPLACE FUNCTION refuse_change_to_submitted_answer() RETURNS trigger AS $$
BEGIN
  -- OLD is null for an insert and NEW for a delete; an answer moved to another attempt has both.
  IF EXISTS (SELECT 1 FROM attempts a WHERE a.id IN (OLD.attempt_id, NEW.attempt_id) AND a.submitted_at IS NOT NULL) THEN
    RAISE EXCEPTION 'the attempt was submitted: its answers cannot change'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'attempt_answers_frozen_at_submission';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER attempt_answers_frozen_at_submission ON attempt_answers;
--> statement-breakpoint
CREATE TRIGGER attempt_answers_frozen_at_submission
  AFTER INSERT OR UPDATE OR DELETE ON attempt_answers
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_submitted_answer();
--> statement-breakpoint
-- Called only for a submitted attempt (the trigger's WHEN): a running one's rows are open.
CREATE OR REPLACE FUNCTION refuse_change_to_submitted_attempt() RETURNS trigger AS $$
DECLARE
  allowed attempts;
BEGIN
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
DROP TRIGGER attempts_frozen_at_submission ON attempts;
--> statement-breakpoint
CREATE TRIGGER attempts_frozen_at_submission
  BEFORE UPDATE OR DELETE ON attempts
  FOR EACH ROW WHEN (OLD.submitted_at IS NOT NULL) EXECUTE FUNCTION refuse_change_to_submitted_attempt();
