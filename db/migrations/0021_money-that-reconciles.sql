CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text,
	"utr_column" text NOT NULL,
	"amount_column" text NOT NULL,
	"date_column" text,
	"line_count" integer NOT NULL,
	"uploaded_by_id" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"transaction_id" uuid,
	"quiz_id" uuid,
	"participant_id" uuid,
	"tax_deposit_id" uuid,
	"memo" text NOT NULL,
	"posted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"entry_id" bigint NOT NULL,
	"line" smallint NOT NULL,
	"account" text NOT NULL,
	"user_id" uuid,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "journal_lines_entry_id_line_pk" PRIMARY KEY("entry_id","line"),
	CONSTRAINT "journal_lines_wallet_names_user" CHECK (("journal_lines"."account" = 'wallets') = ("journal_lines"."user_id" is not null)),
	CONSTRAINT "journal_lines_amount_not_zero" CHECK ("journal_lines"."amount_paise" <> 0)
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"utr" text,
	"amount_paise" bigint,
	"value_date" text,
	"raw" text NOT NULL,
	CONSTRAINT "statement_lines_statement_line_unique" UNIQUE("statement_id","line_number"),
	CONSTRAINT "statement_lines_id_utr_unique" UNIQUE("id","utr")
);
--> statement-breakpoint
CREATE TABLE "tax_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"amount_paise" bigint NOT NULL,
	"challan_reference" text NOT NULL,
	"deposited_on" date NOT NULL,
	"period" text NOT NULL,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_deposits_amount_positive" CHECK ("tax_deposits"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "quizzes" ALTER COLUMN "contest_model" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "pan_hash" text;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "financial_year" text;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD COLUMN "tax_basis" text;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD COLUMN "date_column" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "statement_line_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_one_per_transaction" ON "journal_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_one_per_prize" ON "journal_entries" USING btree ("quiz_id","participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_one_per_tax_deposit" ON "journal_entries" USING btree ("tax_deposit_id");--> statement-breakpoint
CREATE INDEX "journal_entries_posted_idx" ON "journal_entries" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account","user_id");--> statement-breakpoint
CREATE INDEX "statement_lines_utr_idx" ON "statement_lines" USING btree ("utr");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_deposits_challan_unique" ON "tax_deposits" USING btree ("challan_reference");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_statement_line_utr_fk" FOREIGN KEY ("statement_line_id","payment_reference") REFERENCES "public"."statement_lines"("id","utr") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_claims_pan_hash_idx" ON "prize_claims" USING btree ("pan_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_payment_per_statement_line" ON "transactions" USING btree ("statement_line_id");--> statement-breakpoint
-- One bank credit, one payment: an existing database where one UTR already backs two verified
-- UPI payments cannot take the unique index below. Say which, instead of a bare unique violation:
-- an admin must settle them (one of the two payments was not received) before upgrading.
DO $$
DECLARE
  twice text;
BEGIN
  SELECT string_agg(payment_reference, ', ') INTO twice FROM (
    SELECT payment_reference FROM transactions
    WHERE mode = 'upi' AND type IN ('credit', 'form pay') AND status = 'verified' AND payment_reference IS NOT NULL
    GROUP BY payment_reference HAVING count(*) > 1
  ) AS reused;
  IF twice IS NOT NULL THEN
    RAISE EXCEPTION 'These UTRs back more than one verified payment: %. One bank credit backs one payment; see README, Bank statements.', twice;
  END IF;
END $$;
--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_received_payment_per_utr" ON "transactions" USING btree ("payment_reference") WHERE "transactions"."mode" = 'upi' and "transactions"."type" in ('credit', 'form pay') and ("transactions"."status" = 'verified' or "transactions"."statement_line_id" is not null);--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_hold_has_reason" CHECK (("prize_claims"."held_at" is null) = ("prize_claims"."held_reason" is null));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_statement_line_has_utr" CHECK ("transactions"."statement_line_id" is null or "transactions"."payment_reference" is not null);--> statement-breakpoint
-- The books (issue 32). Accounts, debits positive and credits negative:
--   bank             asset: money received at and paid from the organiser's bank account
--   wallets          liability, one sub-account per participant (user_id): what each wallet holds
--   entry_fees       income: entry fees earned
--   refunds          contra-income: entry fees or top-ups given back after they had counted
--   referral_rewards expense: referral rewards paid into wallets
--   prizes           expense: prizes awarded (cash at publication, free passes at redemption)
--   prize_liability  liability: published cash prizes not yet paid
--   tax_payable      liability: tax withheld from prizes, less what was deposited
--   suspense         a movement the books cannot place: ledger:check fails while it holds anything
-- Every entry is posted here, by the database, in the transaction that makes the movement, so no
-- code path can move money without its entry; journal_accounts_of is also what ledger:check
-- recomputes every entry from.
CREATE FUNCTION journal_accounts_of(t transactions, OUT debit_account text, OUT debit_user uuid, OUT credit_account text, OUT credit_user uuid, OUT memo text) AS $$
BEGIN
  IF t.type = 'form pay' THEN
    IF t.mode = 'upi' THEN debit_account := 'bank'; ELSE debit_account := 'wallets'; debit_user := t.user_id; END IF;
    credit_account := 'entry_fees';
    memo := 'Entry fee (' || t.mode || ')';
  ELSIF t.type = 'credit' THEN
    credit_account := 'wallets';
    credit_user := t.user_id;
    IF t.mode = 'upi' THEN
      debit_account := 'bank'; memo := 'Wallet top-up by UPI';
    ELSIF t.refund_of_id IS NOT NULL THEN
      -- Money that had counted is given back through refunds; money that arrived but never
      -- counted (a duplicate fee matched to its bank line) is received and passed to the wallet.
      IF (SELECT r.status FROM transactions r WHERE r.id = t.refund_of_id) = 'verified' THEN
        debit_account := 'refunds'; memo := 'Refund of a payment that had counted';
      ELSE
        debit_account := 'bank'; memo := 'Refund of a payment received but not counted';
      END IF;
    ELSIF t.reason = 'referralReward' THEN
      debit_account := 'referral_rewards'; memo := 'Referral reward';
    ELSIF t.reason = 'freePassCredit' THEN
      debit_account := 'prizes'; memo := 'Free-pass prize redeemed';
    ELSE
      debit_account := 'suspense'; memo := 'Wallet credit of unknown kind: ' || t.reason;
    END IF;
  ELSE
    IF t.reason = 'prizePayout' THEN
      debit_account := 'prize_liability'; credit_account := 'bank'; memo := 'Prize paid (net of tax)';
    ELSIF t.reason = 'prizeTaxWithheld' THEN
      debit_account := 'prize_liability'; credit_account := 'tax_payable'; memo := 'Tax withheld from a prize';
    ELSE
      debit_account := 'wallets'; debit_user := t.user_id; credit_account := 'bank'; memo := 'Withdrawal from a wallet';
    END IF;
  END IF;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
CREATE FUNCTION post_journal_entry(
  source text, txn uuid, quiz uuid, participant uuid, deposit uuid, memo text, posted timestamptz,
  debit_account text, debit_user uuid, credit_account text, credit_user uuid, amount bigint
) RETURNS void AS $$
DECLARE
  entry bigint;
BEGIN
  INSERT INTO journal_entries (source, transaction_id, quiz_id, participant_id, tax_deposit_id, memo, posted_at)
    VALUES (source, txn, quiz, participant, deposit, memo, posted) RETURNING id INTO entry;
  INSERT INTO journal_lines (entry_id, line, account, user_id, amount_paise)
    VALUES (entry, 1, debit_account, debit_user, amount), (entry, 2, credit_account, credit_user, -amount);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION post_transaction_entry(t transactions) RETURNS void AS $$
DECLARE
  a record;
BEGIN
  IF t.status <> 'verified' OR t.amount_paise = 0 THEN RETURN; END IF;
  a := journal_accounts_of(t);
  PERFORM post_journal_entry('transaction', t.id, NULL, NULL, NULL, a.memo, coalesce(t.reviewed_at, t.created_at),
    a.debit_account, a.debit_user, a.credit_account, a.credit_user, t.amount_paise);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION post_prize_entry(r result_rows) RETURNS void AS $$
BEGIN
  IF r.prize_paise <= 0 THEN RETURN; END IF;
  PERFORM post_journal_entry('prize', NULL, r.quiz_id, r.participant_id, NULL, 'Cash prize published (rank ' || r.rank || ')',
    (SELECT p.published_at FROM published_results p WHERE p.quiz_id = r.quiz_id), 'prizes', NULL, 'prize_liability', NULL, r.prize_paise);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION post_tax_deposit_entry(d tax_deposits) RETURNS void AS $$
BEGIN
  PERFORM post_journal_entry('tax_deposit', NULL, NULL, NULL, d.id, 'Tax deposited (' || d.period || ', ' || d.challan_reference || ')',
    d.deposited_on::timestamp AT TIME ZONE 'Asia/Kolkata', 'tax_payable', NULL, 'bank', NULL, d.amount_paise);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION journal_post_on_verified_transaction() RETURNS trigger AS $$
BEGIN
  PERFORM post_transaction_entry(NEW);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transactions_post_journal_on_insert
  AFTER INSERT ON transactions
  FOR EACH ROW WHEN (NEW.status = 'verified')
  EXECUTE FUNCTION journal_post_on_verified_transaction();
--> statement-breakpoint
CREATE TRIGGER transactions_post_journal_on_verify
  AFTER UPDATE OF status ON transactions
  FOR EACH ROW WHEN (NEW.status = 'verified' AND OLD.status <> 'verified')
  EXECUTE FUNCTION journal_post_on_verified_transaction();
--> statement-breakpoint
CREATE FUNCTION journal_post_on_prize() RETURNS trigger AS $$
BEGIN
  PERFORM post_prize_entry(NEW);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER result_rows_post_journal
  AFTER INSERT ON result_rows
  FOR EACH ROW WHEN (NEW.prize_paise > 0)
  EXECUTE FUNCTION journal_post_on_prize();
--> statement-breakpoint
CREATE FUNCTION journal_post_on_tax_deposit() RETURNS trigger AS $$
BEGIN
  PERFORM post_tax_deposit_entry(NEW);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tax_deposits_post_journal
  AFTER INSERT ON tax_deposits
  FOR EACH ROW EXECUTE FUNCTION journal_post_on_tax_deposit();
--> statement-breakpoint
-- Each entry sums to zero, checked when its transaction commits (its lines arrive one by one).
CREATE FUNCTION refuse_unbalanced_journal_entry() RETURNS trigger AS $$
BEGIN
  IF (SELECT sum(l.amount_paise) FROM journal_lines l WHERE l.entry_id = NEW.entry_id) <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance', NEW.entry_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entries_balance';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balance
  AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION refuse_unbalanced_journal_entry();
--> statement-breakpoint
-- The books, the statements and the deposits are records of what happened: append-only.
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER journal_lines_no_truncate BEFORE TRUNCATE ON journal_lines FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER bank_statements_append_only BEFORE UPDATE OR DELETE ON bank_statements FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER bank_statements_no_truncate BEFORE TRUNCATE ON bank_statements FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER statement_lines_append_only BEFORE UPDATE OR DELETE ON statement_lines FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER statement_lines_no_truncate BEFORE TRUNCATE ON statement_lines FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER tax_deposits_append_only BEFORE UPDATE OR DELETE ON tax_deposits FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER tax_deposits_no_truncate BEFORE TRUNCATE ON tax_deposits FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
-- What happened before the books existed is carried into them, in the order it happened.
SELECT post_transaction_entry(t) FROM transactions t WHERE t.status = 'verified' ORDER BY coalesce(t.reviewed_at, t.created_at), t.id;
--> statement-breakpoint
SELECT post_prize_entry(r) FROM result_rows r WHERE r.prize_paise > 0 ORDER BY r.quiz_id, r.rank;
