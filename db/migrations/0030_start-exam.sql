-- A participant's start in one round trip (issue 37). On exam day a hall presses Start at once,
-- and each start took three: the session's user, then the quiz with the attempt and the entry fee,
-- then start_attempt. This function does all of it in one statement:
--   * the session, as an answer save checks it: the user exists, is not deleted, and the cookie's
--     session version is theirs (null when the caller identified the user itself);
--   * the quiz (never the demo), the participant's attempt, and whether their entry fee is verified;
--   * the new attempt, by start_attempt (its lock, the extra time read under it), only when there is
--     none yet, the entry fee is verified and the exam window is open at `started`. These are the
--     rules lib/exam/service.ts `admissionOf` states; there they only explain a refusal.
-- It returns one row: member (the session counts), entered, created (this call made the attempt),
-- and the quiz and attempt rows as jsonb (null when there is none), so a column added to either
-- table later comes with them.
CREATE FUNCTION start_exam(
  participant uuid, participant_session integer, quiz uuid, seed integer, started timestamptz
) RETURNS TABLE (member boolean, entered boolean, created boolean, quiz_row jsonb, attempt_row jsonb) AS $$
DECLARE
  q quizzes;
  a attempts;
  paid boolean;
BEGIN
  PERFORM 1 FROM users u
    WHERE u.id = participant AND u.deleted_at IS NULL AND (participant_session IS NULL OR u.session_version = participant_session);
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, false, false, NULL::jsonb, NULL::jsonb;
    RETURN;
  END IF;
  SELECT * INTO q FROM quizzes WHERE quizzes.id = quiz AND NOT quizzes.is_demo;
  IF NOT FOUND THEN
    RETURN QUERY SELECT true, false, false, NULL::jsonb, NULL::jsonb;
    RETURN;
  END IF;
  SELECT * INTO a FROM attempts WHERE attempts.quiz_id = quiz AND attempts.participant_id = participant;
  paid := EXISTS (
    SELECT 1 FROM transactions t
    WHERE t.user_id = participant AND t.quiz_id = quiz AND t.type = 'form pay' AND t.status = 'verified'
  );
  IF a.id IS NULL AND paid AND started >= q.exam_start_at AND started < q.exam_end_at THEN
    -- The window allows the quiz's duration, or less when it closes sooner (at least a second).
    SELECT * INTO a FROM start_attempt(
      quiz, participant, seed, started,
      greatest(1, least(q.duration_seconds, floor(extract(epoch FROM q.exam_end_at - started))::integer))
    );
    IF FOUND THEN
      RETURN QUERY SELECT true, true, true, to_jsonb(q), to_jsonb(a);
      RETURN;
    END IF;
    -- Started twice at once (two tabs): the other start's attempt, committed before start_attempt's
    -- lock came to this one, and seen by this later statement.
    SELECT * INTO a FROM attempts WHERE attempts.quiz_id = quiz AND attempts.participant_id = participant;
  END IF;
  RETURN QUERY SELECT true, paid, false, to_jsonb(q), CASE WHEN a.id IS NULL THEN NULL ELSE to_jsonb(a) END;
END;
$$ LANGUAGE plpgsql;
