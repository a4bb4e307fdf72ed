CREATE TYPE "public"."gateway_order_purpose" AS ENUM('entry_fee', 'top_up');--> statement-breakpoint
CREATE TYPE "public"."gateway_payment_status" AS ENUM('captured', 'failed');--> statement-breakpoint
CREATE TYPE "public"."gateway_refund_status" AS ENUM('pending', 'processed', 'failed');--> statement-breakpoint
ALTER TYPE "public"."payment_mode" ADD VALUE 'gateway';--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway_order_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "gateway_order_purpose" NOT NULL,
	"quiz_id" uuid,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_orders_amount_positive" CHECK ("gateway_orders"."amount_paise" > 0),
	CONSTRAINT "gateway_orders_entry_fee_names_quiz" CHECK (("gateway_orders"."purpose" = 'entry_fee') = ("gateway_orders"."quiz_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "gateway_payments" (
	"gateway_payment_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "gateway_payment_status" NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text,
	"failure_reason" text,
	"proof" jsonb NOT NULL,
	"transaction_id" uuid,
	"app_signature" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_payments_gateway_payment_id_status_pk" PRIMARY KEY("gateway_payment_id","status"),
	CONSTRAINT "gateway_payments_captured_credits" CHECK (("gateway_payments"."status" = 'captured') = ("gateway_payments"."transaction_id" is not null)),
	CONSTRAINT "gateway_payments_amount_positive" CHECK ("gateway_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_refunds" (
	"gateway_refund_id" text PRIMARY KEY NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" "gateway_refund_status" NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_refunds_amount_positive" CHECK ("gateway_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_settlement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"entity_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fee_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"settlement_id" text NOT NULL,
	"settlement_utr" text,
	"settled_at" timestamp with time zone NOT NULL,
	"raw" text NOT NULL,
	CONSTRAINT "gateway_settlement_lines_report_line_unique" UNIQUE("report_id","line_number"),
	CONSTRAINT "gateway_settlement_lines_amount_positive" CHECK ("gateway_settlement_lines"."amount_paise" > 0),
	CONSTRAINT "gateway_settlement_lines_fee_within_amount" CHECK ("gateway_settlement_lines"."fee_paise" >= 0 and "gateway_settlement_lines"."tax_paise" >= 0 and "gateway_settlement_lines"."tax_paise" <= "gateway_settlement_lines"."fee_paise" and "gateway_settlement_lines"."fee_paise" < "gateway_settlement_lines"."amount_paise")
);
--> statement-breakpoint
CREATE TABLE "gateway_settlement_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text,
	"line_count" integer NOT NULL,
	"uploaded_by_id" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "settlement_line_id" uuid;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_orders" ADD CONSTRAINT "gateway_orders_paid_transaction_id_transactions_id_fk" FOREIGN KEY ("paid_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_order_id_gateway_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gateway_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_refunds" ADD CONSTRAINT "gateway_refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_settlement_lines" ADD CONSTRAINT "gateway_settlement_lines_report_id_gateway_settlement_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."gateway_settlement_reports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_settlement_reports" ADD CONSTRAINT "gateway_settlement_reports_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_orders_gateway_order_unique" ON "gateway_orders" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_orders_paid_transaction_unique" ON "gateway_orders" USING btree ("paid_transaction_id");--> statement-breakpoint
CREATE INDEX "gateway_orders_quiz_open_idx" ON "gateway_orders" USING btree ("quiz_id","expires_at") WHERE "gateway_orders"."paid_transaction_id" is null;--> statement-breakpoint
CREATE INDEX "gateway_orders_user_idx" ON "gateway_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_payments_transaction_unique" ON "gateway_payments" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "gateway_payments_order_idx" ON "gateway_payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_refunds_transaction_unique" ON "gateway_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_refunds_one_per_payment" ON "gateway_refunds" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_settlement_lines_entity_unique" ON "gateway_settlement_lines" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_one_per_settlement_line" ON "journal_entries" USING btree ("settlement_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_receipt_per_gateway_payment" ON "transactions" USING btree ("payment_reference") WHERE "transactions"."mode" not in ('upi', 'wallet') and "transactions"."type" in ('credit', 'form pay');--> statement-breakpoint
-- Issue 54: payments through a gateway. A captured gateway payment is a verified ledger row like
-- any other, posted to gateway clearing (money the gateway holds for us) instead of the bank; the
-- gateway's settlement report moves it to the bank less its fees (gateway_fees). A refund through
-- the gateway takes the money back out of the payer's wallet and out of clearing.
CREATE OR REPLACE FUNCTION public.journal_accounts_of(t public.transactions, OUT debit_account text, OUT debit_user uuid, OUT credit_account text, OUT credit_user uuid, OUT memo text)
SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF t.type = 'form pay' THEN
    IF t.mode = 'upi' THEN
      debit_account := 'bank';
      memo := 'Entry fee (' || t.mode || ')';
    ELSIF t.mode = 'gateway' THEN
      debit_account := 'gateway_clearing';
      memo := 'Entry fee (gateway)';
    ELSIF t.reason = 'freePassEntry' THEN
      debit_account := 'prizes';
      memo := 'Entry fee paid by a free-pass prize';
    ELSE
      debit_account := 'wallets'; debit_user := t.user_id;
      memo := 'Entry fee (' || t.mode || ')';
    END IF;
    credit_account := 'entry_fees';
  ELSIF t.type = 'credit' THEN
    credit_account := 'wallets';
    credit_user := t.user_id;
    IF t.mode = 'upi' THEN
      debit_account := 'bank'; memo := 'Wallet top-up by UPI';
    ELSIF t.mode = 'gateway' THEN
      debit_account := 'gateway_clearing'; memo := 'Wallet credit through the gateway';
    ELSIF t.refund_of_id IS NOT NULL THEN
      -- Money that had counted is given back through refunds; money that arrived but never
      -- counted (a duplicate fee matched to its bank line) is received and passed to the wallet.
      IF (SELECT r.status FROM public.transactions r WHERE r.id = t.refund_of_id) = 'verified' THEN
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
    ELSIF t.mode = 'gateway' THEN
      debit_account := 'wallets'; debit_user := t.user_id; credit_account := 'gateway_clearing'; memo := 'Refund through the gateway';
    ELSE
      debit_account := 'wallets'; debit_user := t.user_id; credit_account := 'bank'; memo := 'Withdrawal from a wallet';
    END IF;
  END IF;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- A settled payment: the bank receives it less the gateway's fee (its tax included), and clearing
-- gives it up whole. A settled refund: clearing is made whole again from the bank (plus any fee).
CREATE FUNCTION public.post_settlement_entry() RETURNS trigger
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  entry bigint;
  sign bigint := CASE WHEN NEW.kind = 'payment' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO public.journal_entries (source, settlement_line_id, memo, posted_at)
    VALUES ('settlement', NEW.id, 'Gateway settlement ' || NEW.settlement_id || ' of ' || NEW.entity_id, NEW.settled_at) RETURNING id INTO entry;
  INSERT INTO public.journal_lines (entry_id, line, account, user_id, amount_paise)
    VALUES (entry, 1, 'bank', NULL, sign * NEW.amount_paise - NEW.fee_paise), (entry, 2, 'gateway_clearing', NULL, -sign * NEW.amount_paise);
  IF NEW.fee_paise > 0 THEN
    INSERT INTO public.journal_lines (entry_id, line, account, user_id, amount_paise) VALUES (entry, 3, 'gateway_fees', NULL, NEW.fee_paise);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER gateway_settlement_lines_post_journal AFTER INSERT ON gateway_settlement_lines FOR EACH ROW EXECUTE FUNCTION post_settlement_entry();
--> statement-breakpoint
-- What the gateway told us, and the reports it gave, are records of what happened: append-only.
CREATE TRIGGER gateway_payments_append_only BEFORE UPDATE OR DELETE ON gateway_payments FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER gateway_payments_no_truncate BEFORE TRUNCATE ON gateway_payments FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER gateway_events_append_only BEFORE UPDATE OR DELETE ON gateway_events FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER gateway_events_no_truncate BEFORE TRUNCATE ON gateway_events FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER gateway_settlement_reports_append_only BEFORE UPDATE OR DELETE ON gateway_settlement_reports FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER gateway_settlement_reports_no_truncate BEFORE TRUNCATE ON gateway_settlement_reports FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER gateway_settlement_lines_append_only BEFORE UPDATE OR DELETE ON gateway_settlement_lines FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER gateway_settlement_lines_no_truncate BEFORE TRUNCATE ON gateway_settlement_lines FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
-- An order is paid once and otherwise never changes; a refund goes from pending to processed or
-- failed, once. Neither is deleted.
CREATE FUNCTION public.refuse_change_to_gateway_order() RETURNS trigger
SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.paid_transaction_id IS NULL AND NEW.paid_transaction_id IS NOT NULL
     AND (to_jsonb(NEW) - 'paid_transaction_id') = (to_jsonb(OLD) - 'paid_transaction_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a gateway order is only ever marked paid, once' USING ERRCODE = 'check_violation', CONSTRAINT = 'gateway_orders_paid_once';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER gateway_orders_paid_once BEFORE UPDATE OR DELETE ON gateway_orders FOR EACH ROW EXECUTE FUNCTION refuse_change_to_gateway_order();
--> statement-breakpoint
-- Its own function refuses TRUNCATE too: the append-only one would take the app's UPDATE away (lib/db/privileges.ts).
CREATE TRIGGER gateway_orders_no_truncate BEFORE TRUNCATE ON gateway_orders FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_gateway_order();
--> statement-breakpoint
CREATE FUNCTION public.refuse_change_to_gateway_refund() RETURNS trigger
SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'pending' AND NEW.status <> 'pending'
     AND (to_jsonb(NEW) - 'status') = (to_jsonb(OLD) - 'status') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a gateway refund only ever settles from pending, once' USING ERRCODE = 'check_violation', CONSTRAINT = 'gateway_refunds_settle_once';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER gateway_refunds_settle_once BEFORE UPDATE OR DELETE ON gateway_refunds FOR EACH ROW EXECUTE FUNCTION refuse_change_to_gateway_refund();
--> statement-breakpoint
CREATE TRIGGER gateway_refunds_no_truncate BEFORE TRUNCATE ON gateway_refunds FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_gateway_refund();
