-- Issue 52: with its search path fixed (0032), imul32 was no longer inlined into original_option,
-- and each of its calls became a function call of its own: an answer save on a shuffled quiz spent
-- 24–32 µs a question in the shuffle instead of 2.5 (100,000 calls, measured side by side). Math.imul's
-- products are written out here instead: 3.9 µs. The seed's one product is taken in numeric (two
-- values below 2^32 multiply exactly there). lib/exam/shuffle.test.ts still compares the two.
CREATE OR REPLACE FUNCTION original_option(attempt_seed integer, question_position integer, shown smallint) RETURNS smallint AS $$
DECLARE
  seed bigint := (attempt_seed::bigint & 4294967295) # (((question_position + 1)::numeric * 2654435761) % 4294967296)::bigint;
  s bigint;
  t bigint;
  -- The factors of Math.imul's two products a draw, each written out as the low 32 bits from 16-bit halves.
  a bigint;
  b bigint;
  picked integer := 0;
BEGIN
  FOR draw IN 1..3 LOOP
    s := (seed + draw * 1831565813::bigint) & 4294967295;
    a := s # (s >> 15);
    b := s | 1;
    t := ((a & 65535) * (b & 65535) + ((((a >> 16) * (b & 65535) + (a & 65535) * (b >> 16)) & 65535) << 16)) & 4294967295;
    a := t # (t >> 7);
    b := t | 61;
    t := t # ((t + (((a & 65535) * (b & 65535) + ((((a >> 16) * (b & 65535) + (a & 65535) * (b >> 16)) & 65535) << 16)) & 4294967295)) & 4294967295);
    picked := picked * (5 - draw) + floor(((t # (t >> 14))::double precision / 4294967296) * (5 - draw))::integer;
  END LOOP;
  -- Swapping place 3 with the first draw's, then 2 with the second's, then 1 with the third's.
  RETURN ('{{1,2,3,0}, {2,1,3,0}, {2,3,1,0}, {3,2,1,0}, {1,3,2,0}, {3,1,2,0},
    {3,2,0,1}, {2,3,0,1}, {2,0,3,1}, {0,2,3,1}, {3,0,2,1}, {0,3,2,1},
    {1,3,0,2}, {3,1,0,2}, {3,0,1,2}, {0,3,1,2}, {1,0,3,2}, {0,1,3,2},
    {1,2,0,3}, {2,1,0,3}, {2,0,1,3}, {0,2,1,3}, {1,0,2,3}, {0,1,2,3}}'::smallint[])[picked + 1][shown + 1];
END;
$$ LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, public, pg_temp;
--> statement-breakpoint
DROP FUNCTION imul32(bigint, bigint);
