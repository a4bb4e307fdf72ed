CREATE TYPE "public"."payout_method" AS ENUM('upi', 'bank');--> statement-breakpoint
CREATE TYPE "public"."prize_claim_status" AS ENUM('claimed', 'approved', 'paid');--> statement-breakpoint
CREATE TABLE "free_pass_redemptions" (
	"quiz_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_pass_redemptions_quiz_id_participant_id_pk" PRIMARY KEY("quiz_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "prize_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"status" "prize_claim_status" DEFAULT 'claimed' NOT NULL,
	"gross_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"net_paise" integer NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"tax_section" text NOT NULL,
	"pan_cipher" text NOT NULL,
	"pan_masked" text NOT NULL,
	"method" "payout_method" NOT NULL,
	"account_cipher" text NOT NULL,
	"account_masked" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by_id" uuid,
	"approved_at" timestamp with time zone,
	"paid_by_id" uuid,
	"paid_at" timestamp with time zone,
	"bank_reference" text,
	"payout_transaction_id" uuid,
	"tax_transaction_id" uuid,
	CONSTRAINT "prize_claims_amounts_add_up" CHECK ("prize_claims"."gross_paise" > 0 and "prize_claims"."tax_paise" >= 0 and "prize_claims"."net_paise" >= 0 and "prize_claims"."gross_paise" = "prize_claims"."tax_paise" + "prize_claims"."net_paise"),
	CONSTRAINT "prize_claims_paid_has_reference" CHECK (("prize_claims"."status" = 'paid') = ("prize_claims"."paid_at" is not null and "prize_claims"."bank_reference" is not null))
);
--> statement-breakpoint
ALTER TABLE "free_pass_redemptions" ADD CONSTRAINT "free_pass_redemptions_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_pass_redemptions" ADD CONSTRAINT "free_pass_redemptions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_pass_redemptions" ADD CONSTRAINT "free_pass_redemptions_result_row_fk" FOREIGN KEY ("quiz_id","participant_id") REFERENCES "public"."result_rows"("quiz_id","participant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_paid_by_id_users_id_fk" FOREIGN KEY ("paid_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_payout_transaction_id_transactions_id_fk" FOREIGN KEY ("payout_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_tax_transaction_id_transactions_id_fk" FOREIGN KEY ("tax_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_claims" ADD CONSTRAINT "prize_claims_result_row_fk" FOREIGN KEY ("quiz_id","participant_id") REFERENCES "public"."result_rows"("quiz_id","participant_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prize_claims_one_per_winner" ON "prize_claims" USING btree ("quiz_id","participant_id");--> statement-breakpoint
CREATE INDEX "prize_claims_status_idx" ON "prize_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "prize_claims_paid_idx" ON "prize_claims" USING btree ("paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prize_claims_bank_reference_unique" ON "prize_claims" USING btree ("bank_reference");