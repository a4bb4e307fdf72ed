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

-- The original option a participant was shown in place `shown` of a shuffled question: element
-- `shown` of lib/exam/shuffle.ts's seededPermutation(4, questionSeed(seed, position)) (mulberry32
-- and Fisher-Yates), bit for bit; lib/exam/shuffle.test.ts compares the two.
-- Mulberry32's k-th draw depends only on its state after k steps, the seed plus k times 0x6d2b79f5
-- (1831565813), and Fisher-Yates on four options is one of 24 orders, picked by its three draws
-- (of 4, 3 and 2 places: a number in mixed radix).
CREATE FUNCTION original_option(attempt_seed integer, question_position integer, shown smallint) RETURNS smallint AS $$
DECLARE
  seed bigint := (attempt_seed::bigint & 4294967295) # imul32(question_position + 1, 2654435761);
  s bigint;
  t bigint;
  picked integer := 0;
BEGIN
  FOR draw IN 1..3 LOOP
    s := (seed + draw * 1831565813::bigint) & 4294967295;
    t := imul32(s # (s >> 15), s | 1);
    t := t # ((t + imul32(t # (t >> 7), t | 61)) & 4294967295);
    picked := picked * (5 - draw) + floor(((t # (t >> 14))::double precision / 4294967296) * (5 - draw))::integer;
  END LOOP;
  -- Swapping place 3 with the first draw's, then 2 with the second's, then 1 with the third's.
  RETURN ('{{1,2,3,0}, {2,1,3,0}, {2,3,1,0}, {3,2,1,0}, {1,3,2,0}, {3,1,2,0},
    {3,2,0,1}, {2,3,0,1}, {2,0,3,1}, {0,2,3,1}, {3,0,2,1}, {0,3,2,1},
    {1,3,0,2}, {3,1,0,2}, {3,0,1,2}, {0,3,1,2}, {1,0,3,2}, {0,1,3,2},
    {1,2,0,3}, {2,1,0,3}, {2,0,1,3}, {0,2,1,3}, {1,0,2,3}, {0,1,2,3}}'::smallint[])[picked + 1][shown + 1];
END;
$$ LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE;
