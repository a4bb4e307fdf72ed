-- An answer save in one round trip (issue 37). A save took two: a read for every check (the
-- session, the attempt, the questions' positions) and then the write, because the option a
-- participant was shown maps back to the original through the attempt's shuffle, which only
-- JavaScript computed. With the shuffle here too, lib/exam/answers.ts checks and writes in one
-- statement.

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
