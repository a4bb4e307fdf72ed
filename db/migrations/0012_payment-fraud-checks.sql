CREATE TABLE "payment_flags" (
	"transaction_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"earlier_transaction_id" uuid NOT NULL,
	"distance" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_flags_transaction_id_reason_pk" PRIMARY KEY("transaction_id","reason")
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"id" text PRIMARY KEY NOT NULL,
	"utr_column" text NOT NULL,
	"amount_column" text NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_payment_reference_unique";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "statement_matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "dhash" bigint;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "dhash_crops" bigint[];--> statement-breakpoint
ALTER TABLE "payment_flags" ADD CONSTRAINT "payment_flags_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_flags" ADD CONSTRAINT "payment_flags_earlier_transaction_id_transactions_id_fk" FOREIGN KEY ("earlier_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_flags_earlier_idx" ON "payment_flags" USING btree ("earlier_transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_payment_reference_idx" ON "transactions" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "uploads_sha256_idx" ON "uploads" USING btree ("sha256");