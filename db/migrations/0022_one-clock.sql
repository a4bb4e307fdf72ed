-- One clock for everyone (issue 33, SPEC §10): the exam clock never stops, so a start's deadline
-- no longer carries a pause allowance. It is the start plus the time the window allows (the
-- quiz's duration, or less when the window closes sooner) plus any extra time granted. The lock and
-- the read of the grant are as in migration 0020.
CREATE FUNCTION start_attempt(
  quiz uuid, participant uuid, seed integer, started timestamptz, window_seconds integer
) RETURNS SETOF attempts AS $$
DECLARE
  extra integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(quiz::text || '/' || participant::text, 0));
  SELECT coalesce((SELECT g.extra_seconds FROM extra_time_grants g WHERE g.quiz_id = quiz AND g.participant_id = participant), 0) INTO extra;
  RETURN QUERY
    INSERT INTO attempts (quiz_id, participant_id, shuffle_seed, started_at, deadline_at, time_left_seconds, extra_seconds)
    VALUES (quiz, participant, seed, started, started + make_interval(secs => window_seconds + extra), window_seconds + extra, extra)
    ON CONFLICT DO NOTHING
    RETURNING *;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The previous release calls the six-argument form while instances are replaced one by one
-- (migrations only add): it now takes the same deadline, its pause allowance ignored. A later
-- release may drop it.
CREATE OR REPLACE FUNCTION start_attempt(
  quiz uuid, participant uuid, seed integer, started timestamptz, window_seconds integer, pause_allowance_seconds integer
) RETURNS SETOF attempts AS $$
  SELECT * FROM start_attempt(quiz, participant, seed, started, window_seconds);
$$ LANGUAGE sql;
