-- Issue 33: corrections are revisions, not rewrites. A quiz's published results become a chain of
-- versions (revision 1 is the first publication); the rows that point at a result row name the
-- version they are on.
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_quiz_participant_unique";--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_result_row_fk";--> statement-breakpoint
ALTER TABLE "free_pass_redemptions" DROP CONSTRAINT "free_pass_redemptions_result_row_fk";--> statement-breakpoint
ALTER TABLE "prize_claims" DROP CONSTRAINT "prize_claims_result_row_fk";--> statement-breakpoint
ALTER TABLE "result_rows" DROP CONSTRAINT "result_rows_quiz_id_published_results_quiz_id_fk";--> statement-breakpoint
DROP INDEX "journal_entries_one_per_prize";--> statement-breakpoint
DROP INDEX "result_rows_rank_idx";--> statement-breakpoint
ALTER TABLE "result_rows" DROP CONSTRAINT "result_rows_quiz_id_participant_id_pk";--> statement-breakpoint
ALTER TABLE "published_results" DROP CONSTRAINT "published_results_pkey";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "free_pass_redemptions" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "revision" integer;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "disqualified_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "previous_digest" text;--> statement-breakpoint
ALTER TABLE "published_results" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "result_rows" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_quiz_id_revision_pk" PRIMARY KEY("quiz_id","revision");--> statement-breakpoint
ALTER TABLE "result_rows" ADD CONSTRAINT "result_rows_quiz_id_revision_participant_id_pk" PRIMARY KEY("quiz_id","revision","participant_id");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_result_row_fk" FOREIGN KEY ("quiz_id","revision","participant_id") REFERENCES "public"."result_rows"("quiz_id","revision","participant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_pass_redemptions" ADD CONSTRAINT "free_pass_redemptions_result_row_fk" FOREIGN KEY ("quiz_id","revision","participant_id") REFERENCES "public"."result_rows"("quiz_id","revision","participant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_result_row_fk" FOREIGN KEY ("quiz_id","revision","participant_id") REFERENCES "public"."result_rows"("quiz_id","revision","participant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_rows" ADD CONSTRAINT "result_rows_version_fk" FOREIGN KEY ("quiz_id","revision") REFERENCES "public"."published_results"("quiz_id","revision") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_one_per_prize" ON "journal_entries" USING btree ("quiz_id","participant_id","revision");--> statement-breakpoint
CREATE INDEX "result_rows_rank_idx" ON "result_rows" USING btree ("quiz_id","revision","rank");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_one_per_version" UNIQUE("quiz_id","revision","participant_id");--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_revision_positive" CHECK ("published_results"."revision" >= 1);--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_revision_chained" CHECK (("published_results"."revision" = 1) = ("published_results"."previous_digest" is null));--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_revision_has_reason" CHECK (("published_results"."revision" = 1) = ("published_results"."reason" is null));--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_revision_in_format_2" CHECK ("published_results"."revision" = 1 or "published_results"."digest_format" = 2);--> statement-breakpoint
-- Until now a disqualification could not change once results were published, so the attempts'
-- present disqualifications are the ones each publication left out; and every prize entry in the
-- books was its row's first (and only) version. Both are written once, past the append-only
-- triggers, by the migration's owner.
ALTER TABLE "published_results" DISABLE TRIGGER "published_results_append_only";--> statement-breakpoint
UPDATE "published_results" p SET "disqualified_ids" = coalesce(
  (SELECT array_agg(a.participant_id ORDER BY a.participant_id) FROM attempts a
   WHERE a.quiz_id = p.quiz_id AND a.submitted_at IS NOT NULL AND a.disqualified_at IS NOT NULL), '{}');--> statement-breakpoint
ALTER TABLE "published_results" ENABLE TRIGGER "published_results_append_only";--> statement-breakpoint
ALTER TABLE "journal_entries" DISABLE TRIGGER "journal_entries_append_only";--> statement-breakpoint
UPDATE "journal_entries" SET "revision" = 1 WHERE "source" = 'prize';--> statement-breakpoint
ALTER TABLE "journal_entries" ENABLE TRIGGER "journal_entries_append_only";--> statement-breakpoint
-- The current version of each quiz's results: what every page, claim and check reads.
CREATE VIEW "current_published_results" AS
  SELECT p.quiz_id, p.revision, p.answer_key, p.prize_table, p.marks_per_question, p.disqualified_ids, p.digest, p.digest_format, p.results_file, p.previous_digest, p.reason, p.published_by_id, p.published_at
  FROM published_results p
  WHERE p.revision = (SELECT max(x.revision) FROM published_results x WHERE x.quiz_id = p.quiz_id);--> statement-breakpoint
CREATE VIEW "current_result_rows" AS
  SELECT r.quiz_id, r.revision, r.participant_id, r.rank, r.score, r.time_taken_seconds, r.prize_paise, r.free_pass, r.pseudonym
  FROM result_rows r
  WHERE r.revision = (SELECT max(x.revision) FROM published_results x WHERE x.quiz_id = r.quiz_id);--> statement-breakpoint
-- A version is the next one in its quiz's chain or nothing: revision 1 first, then each revision
-- one more than the latest, naming the latest's digest. So no version can be slipped in between
-- or beside another, and none can claim a predecessor it does not have.
CREATE FUNCTION refuse_unchained_results_version() RETURNS trigger AS $$
DECLARE
  latest record;
BEGIN
  SELECT p.revision, p.digest INTO latest FROM published_results p WHERE p.quiz_id = NEW.quiz_id ORDER BY p.revision DESC LIMIT 1;
  IF (latest.revision IS NULL AND NEW.revision <> 1)
    OR (latest.revision IS NOT NULL AND (NEW.revision <> latest.revision + 1 OR NEW.previous_digest IS DISTINCT FROM latest.digest)) THEN
    RAISE EXCEPTION 'revision % of the results of quiz % does not follow the latest version', NEW.revision, NEW.quiz_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'published_results_chain';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER published_results_chain
  BEFORE INSERT ON published_results
  FOR EACH ROW EXECUTE FUNCTION refuse_unchained_results_version();
--> statement-breakpoint
-- The books: a prize entry names its version. The first version books each cash prize as before
-- (row by row); a revision books, per participant, the change from the version it replaces
-- (a prize that is gone or smaller is taken back from the expense and the liability), once all its
-- rows are in: when its transaction commits. The prize entries of a participant add up to their
-- prize in the current version.
DROP FUNCTION post_journal_entry(text, uuid, uuid, uuid, uuid, text, timestamptz, text, uuid, text, uuid, bigint);--> statement-breakpoint
CREATE FUNCTION post_journal_entry(
  source text, txn uuid, quiz uuid, participant uuid, deposit uuid, memo text, posted timestamptz,
  debit_account text, debit_user uuid, credit_account text, credit_user uuid, amount bigint, version integer DEFAULT NULL
) RETURNS void AS $$
DECLARE
  entry bigint;
BEGIN
  INSERT INTO journal_entries (source, transaction_id, quiz_id, participant_id, revision, tax_deposit_id, memo, posted_at)
    VALUES (source, txn, quiz, participant, version, deposit, memo, posted) RETURNING id INTO entry;
  INSERT INTO journal_lines (entry_id, line, account, user_id, amount_paise)
    VALUES (entry, 1, debit_account, debit_user, amount), (entry, 2, credit_account, credit_user, -amount);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION post_prize_entry(r result_rows) RETURNS void AS $$
BEGIN
  IF r.prize_paise <= 0 THEN RETURN; END IF;
  PERFORM post_journal_entry('prize', NULL, r.quiz_id, r.participant_id, NULL, 'Cash prize published (rank ' || r.rank || ')',
    (SELECT p.published_at FROM published_results p WHERE p.quiz_id = r.quiz_id AND p.revision = r.revision),
    'prizes', NULL, 'prize_liability', NULL, r.prize_paise, r.revision);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "result_rows_post_journal" ON "result_rows";--> statement-breakpoint
CREATE TRIGGER result_rows_post_journal
  AFTER INSERT ON result_rows
  FOR EACH ROW WHEN (NEW.prize_paise > 0 AND NEW.revision = 1)
  EXECUTE FUNCTION journal_post_on_prize();
--> statement-breakpoint
CREATE FUNCTION post_prize_revision(v published_results) RETURNS void AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT coalesce(n.participant_id, o.participant_id) AS participant_id, n.rank,
      coalesce(n.prize_paise, 0)::bigint - coalesce(o.prize_paise, 0)::bigint AS amount
    FROM (SELECT * FROM result_rows WHERE quiz_id = v.quiz_id AND revision = v.revision) n
    FULL JOIN (SELECT * FROM result_rows WHERE quiz_id = v.quiz_id AND revision = v.revision - 1) o ON o.participant_id = n.participant_id
    WHERE coalesce(n.prize_paise, 0) <> coalesce(o.prize_paise, 0)
    ORDER BY 1
  LOOP
    PERFORM post_journal_entry('prize', NULL, v.quiz_id, change.participant_id, NULL,
      'Cash prize revised (revision ' || v.revision || coalesce(', rank ' || change.rank, ', no longer ranked') || ')',
      v.published_at, 'prizes', NULL, 'prize_liability', NULL, change.amount, v.revision);
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION journal_post_on_revision() RETURNS trigger AS $$
BEGIN
  PERFORM post_prize_revision(NEW);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER published_results_post_journal
  AFTER INSERT ON published_results
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.revision > 1)
  EXECUTE FUNCTION journal_post_on_revision();
