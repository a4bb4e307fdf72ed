-- A participant's start in one round trip. The lock is the one an admin's extra-time grant takes
-- for the same participant and quiz (lib/exam/extra-time.ts, lockAttemptClock), and the grant is
-- read by a statement that begins after the lock is held (a function's statements each see what
-- was committed before they began), so a grant made while this start waited is never missed.
-- Returns the new attempt, or nothing when the participant has one already (two tabs at once).
CREATE FUNCTION start_attempt(
  quiz uuid, participant uuid, seed integer, started timestamptz, window_seconds integer, pause_allowance_seconds integer
) RETURNS SETOF attempts AS $$
DECLARE
  extra integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(quiz::text || '/' || participant::text, 0));
  SELECT coalesce((SELECT g.extra_seconds FROM extra_time_grants g WHERE g.quiz_id = quiz AND g.participant_id = participant), 0) INTO extra;
  RETURN QUERY
    INSERT INTO attempts (quiz_id, participant_id, shuffle_seed, started_at, deadline_at, time_left_seconds, extra_seconds)
    VALUES (quiz, participant, seed, started, started + make_interval(secs => window_seconds + pause_allowance_seconds + extra), window_seconds + extra, extra)
    ON CONFLICT DO NOTHING
    RETURNING *;
END;
$$ LANGUAGE plpgsql;
