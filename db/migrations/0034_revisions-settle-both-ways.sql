DROP INDEX "prize_claims_one_per_winner";--> statement-breakpoint
CREATE UNIQUE INDEX "prize_claims_one_per_winner" ON "prize_claims" USING btree ("quiz_id","participant_id") WHERE "prize_claims"."status" <> 'paid';--> statement-breakpoint
-- Issue 52: a revision settles money both ways. A claim is one per winner while it is open; once
-- paid it stays, and a revision that raises the prize lets the winner claim the difference (a new
-- claim, with its own tax). In the books, what is owed and what is to be recovered are separate
-- accounts, never netted:
--   prize_liability    liability: published cash prizes not yet paid (per winner, never below zero)
--   prize_recoverable  asset: prizes paid above what the current version of the results awards
-- A revision books, per participant whose prize changed, one entry: the change in the expense
-- (prizes), the change in what is owed them (prize_liability) and the change in what is to be
-- recovered from them (prize_recoverable), from their prize before and after and what their paid
-- claims of the quiz already hold.
CREATE OR REPLACE FUNCTION post_prize_revision(v published_results) RETURNS void
SET search_path = pg_catalog, public, pg_temp
AS $$
DECLARE
  change record;
  entry bigint;
BEGIN
  FOR change IN
    SELECT c.participant_id, c.rank, c.before, c.after, c.paid
    FROM (
      SELECT coalesce(n.participant_id, o.participant_id) AS participant_id, n.rank,
        coalesce(o.prize_paise, 0)::bigint AS before, coalesce(n.prize_paise, 0)::bigint AS after,
        (SELECT coalesce(sum(pc.gross_paise), 0) FROM public.prize_claims pc
          WHERE pc.quiz_id = v.quiz_id AND pc.participant_id = coalesce(n.participant_id, o.participant_id) AND pc.status = 'paid')::bigint AS paid
      FROM (SELECT * FROM public.result_rows WHERE quiz_id = v.quiz_id AND revision = v.revision) n
      FULL JOIN (SELECT * FROM public.result_rows WHERE quiz_id = v.quiz_id AND revision = v.revision - 1) o ON o.participant_id = n.participant_id
      WHERE coalesce(n.prize_paise, 0) <> coalesce(o.prize_paise, 0)
    ) c
    ORDER BY c.participant_id
  LOOP
    INSERT INTO public.journal_entries (source, quiz_id, participant_id, revision, memo, posted_at)
      VALUES ('prize', v.quiz_id, change.participant_id, v.revision,
        'Cash prize revised (revision ' || v.revision || coalesce(', rank ' || change.rank, ', no longer ranked') || ')', v.published_at)
      RETURNING id INTO entry;
    INSERT INTO public.journal_lines (entry_id, line, account, user_id, amount_paise)
      SELECT entry, row_number() OVER (ORDER BY x.position), x.account, NULL, x.amount
      FROM (VALUES
        (1, 'prizes', change.after - change.before),
        (2, 'prize_liability', greatest(change.before - change.paid, 0) - greatest(change.after - change.paid, 0)),
        (3, 'prize_recoverable', greatest(change.paid - change.after, 0) - greatest(change.paid - change.before, 0))
      ) AS x(position, account, amount)
      WHERE x.amount <> 0;
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Until now a prize lowered after it was paid left prize_liability below zero for that winner.
-- What was paid above the current prize moves from prize_liability to prize_recoverable, as two
-- more lines of the winner's latest prize entry (lines are appended, none is changed; the entry
-- still balances).
INSERT INTO journal_lines (entry_id, line, account, user_id, amount_paise)
SELECT latest.id, latest.last_line + x.offset_line, x.account, NULL, x.sign * over_paid.paise
FROM (
  SELECT pc.quiz_id, pc.participant_id, sum(pc.gross_paise)::bigint - coalesce(max(r.prize_paise), 0)::bigint AS paise
  FROM prize_claims pc
  LEFT JOIN current_result_rows r ON r.quiz_id = pc.quiz_id AND r.participant_id = pc.participant_id
  WHERE pc.status = 'paid'
  GROUP BY pc.quiz_id, pc.participant_id
) over_paid
CROSS JOIN LATERAL (
  SELECT e.id, (SELECT max(l.line) FROM journal_lines l WHERE l.entry_id = e.id) AS last_line
  FROM journal_entries e
  WHERE e.source = 'prize' AND e.quiz_id = over_paid.quiz_id AND e.participant_id = over_paid.participant_id
  ORDER BY e.revision DESC LIMIT 1
) latest
CROSS JOIN (VALUES (1, 'prize_recoverable', 1), (2, 'prize_liability', -1)) AS x(offset_line, account, sign)
WHERE over_paid.paise > 0
  AND NOT EXISTS (SELECT 1 FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
    WHERE l.account = 'prize_recoverable' AND e.quiz_id = over_paid.quiz_id AND e.participant_id = over_paid.participant_id);
