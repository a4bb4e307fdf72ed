-- An answer save in one round trip (issue 37). A save took two: a read for every check (the
-- session, the attempt, the questions' positions) and then the write. On exam day every round
-- trip is a write to the database's socket that wakes a backend on the cores the instance shares
-- with it; this function does the checks and the write in one statement, in the order
-- lib/exam/answers.ts states them, and returns which refusal applies (the caller words it), or
-- how many answers it stored.

-- Math.imul for 32-bit values held unsigned in a bigint: the low 32 bits of the product, from
-- 16-bit halves so that no product leaves the bigint.
CREATE FUNCTION imul32(a bigint, b bigint) RETURNS bigint AS $$
  SELECT ((a & 65535) * (b & 65535) + ((((a >> 16) * (b & 65535) + (a & 65535) * (b >> 16)) & 65535) << 16)) & 4294967295
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint

-- The order a participant sees a question's four options in: lib/exam/shuffle.ts's
-- seededPermutation(4, questionSeed(seed, position)) (mulberry32 and Fisher-Yates), bit for bit;
-- element i is the original option shown in place i. lib/exam/shuffle.test.ts compares the two.
CREATE FUNCTION shuffled_option_order(attempt_seed integer, question_position integer) RETURNS smallint[] AS $$
DECLARE
  state bigint := (attempt_seed::bigint & 4294967295) # imul32(question_position + 1, 2654435761);
  t bigint;
  j integer;
  kept smallint;
  shown smallint[] := ARRAY[0, 1, 2, 3];
BEGIN
  FOR i IN REVERSE 3..1 LOOP
    state := (state + 1831565813) & 4294967295;
    t := imul32(state # (state >> 15), state | 1);
    t := t # ((t + imul32(t # (t >> 7), t | 61)) & 4294967295);
    j := floor(((t # (t >> 14))::double precision / 4294967296) * (i + 1));
    kept := shown[i + 1];
    shown[i + 1] := shown[j + 1];
    shown[j + 1] := kept;
  END LOOP;
  RETURN shown;
END;
$$ LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint

-- The checks, in order: the session (as start_exam checks it), the participant's attempt, not
-- submitted, its deadline plus the network grace not past at `checked_at` (the caller's clock, as
-- the read before did), every question the quiz's. Then the write: the attempt's progress and
-- each answer over an older choice only, while the attempt is open by the database's own clock
-- (a submit may have come since the checks; the row lock decides). `shown` holds the options as
-- the participant saw them; the shuffle maps them back to the originals. One row: outcome
-- ('stranger', 'no attempt', 'submitted', 'time up', 'not in quiz' or 'stored'), the attempt
-- and its deadline (null without an attempt), and how many answers were stored.
CREATE FUNCTION save_answers(
  participant uuid, participant_session integer, quiz uuid, checked_at timestamptz, grace_seconds double precision,
  question_ids uuid[], shown smallint[], answered timestamptz[], question_index integer, time_left integer
) RETURNS TABLE (outcome text, attempt uuid, attempt_deadline timestamptz, stored integer) AS $$
DECLARE
  a attempts;
  shuffled boolean;
BEGIN
  PERFORM 1 FROM users u
    WHERE u.id = participant AND u.deleted_at IS NULL AND (participant_session IS NULL OR u.session_version = participant_session);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'stranger', NULL::uuid, NULL::timestamptz, 0;
    RETURN;
  END IF;
  SELECT * INTO a FROM attempts WHERE attempts.quiz_id = quiz AND attempts.participant_id = participant;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no attempt', NULL::uuid, NULL::timestamptz, 0;
    RETURN;
  END IF;
  IF a.submitted_at IS NOT NULL THEN
    RETURN QUERY SELECT 'submitted', a.id, a.deadline_at, 0;
    RETURN;
  END IF;
  IF a.deadline_at + make_interval(secs => grace_seconds) <= checked_at THEN
    RETURN QUERY SELECT 'time up', a.id, a.deadline_at, 0;
    RETURN;
  END IF;
  IF EXISTS (
    SELECT 1 FROM unnest(question_ids) AS saved(question_id)
    WHERE NOT EXISTS (SELECT 1 FROM quiz_questions qq WHERE qq.quiz_id = quiz AND qq.question_id = saved.question_id)
  ) THEN
    RETURN QUERY SELECT 'not in quiz', a.id, a.deadline_at, 0;
    RETURN;
  END IF;
  SELECT q.shuffle_options INTO shuffled FROM quizzes q WHERE q.id = quiz;
  RETURN QUERY
    WITH progress AS (
      UPDATE attempts SET
        current_question_index = question_index,
        time_left_seconds = greatest(0, least(time_left, floor(extract(epoch FROM a.deadline_at - checked_at))::integer))
      WHERE attempts.id = a.id AND attempts.submitted_at IS NULL
        AND attempts.deadline_at + make_interval(secs => grace_seconds) > now()
      RETURNING attempts.id
    ), written AS (
      INSERT INTO attempt_answers AS kept (attempt_id, question_id, selected_option_index, answered_at)
      SELECT progress.id, saved.question_id,
        CASE WHEN shuffled THEN (shuffled_option_order(a.shuffle_seed, qq.position))[saved.shown_index + 1] ELSE saved.shown_index END,
        saved.answered_at
      FROM progress
      CROSS JOIN unnest(question_ids, shown, answered) AS saved(question_id, shown_index, answered_at)
      JOIN quiz_questions qq ON qq.quiz_id = quiz AND qq.question_id = saved.question_id
      ON CONFLICT (attempt_id, question_id) DO UPDATE
        SET selected_option_index = excluded.selected_option_index, answered_at = excluded.answered_at, saved_at = now()
        WHERE kept.answered_at < excluded.answered_at
      RETURNING 1
    )
    SELECT 'stored', a.id, a.deadline_at, (SELECT count(*)::integer FROM written);
END;
$$ LANGUAGE plpgsql;
