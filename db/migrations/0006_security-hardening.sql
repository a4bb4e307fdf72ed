ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Google signed these addresses: they count as verified. Password accounts verify by mail.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "google_id" IS NOT NULL;--> statement-breakpoint
-- Before a screenshot or UPI reference may back one payment only, earlier releases may have let
-- one back several. The first payment keeps it; each later one keeps a note naming the first.
-- Verified rows are final, so the guard is lifted for this one repair and put back at once.
ALTER TABLE "transactions" DISABLE TRIGGER "transactions_verified_is_final";--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", first_value("id") OVER w AS "first_id", row_number() OVER w AS "n"
  FROM "transactions" WHERE "proof_upload_id" IS NOT NULL
  WINDOW w AS (PARTITION BY "proof_upload_id" ORDER BY "created_at", "id")
)
UPDATE "transactions" t SET "proof_upload_id" = NULL,
  "payment_reference" = concat_ws(' ', t."payment_reference", '(screenshot of ' || "ranked"."first_id" || ')')
FROM "ranked" WHERE "ranked"."id" = t."id" AND "ranked"."n" > 1;--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", first_value("id") OVER w AS "first_id", row_number() OVER w AS "n"
  FROM "transactions" WHERE "payment_reference" IS NOT NULL
  WINDOW w AS (PARTITION BY "payment_reference" ORDER BY "created_at", "id")
)
UPDATE "transactions" t SET "payment_reference" = t."payment_reference" || ' (also on ' || "ranked"."first_id" || ')'
FROM "ranked" WHERE "ranked"."id" = t."id" AND "ranked"."n" > 1;--> statement-breakpoint
ALTER TABLE "transactions" ENABLE TRIGGER "transactions_verified_is_final";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_proof_unique" ON "transactions" USING btree ("proof_upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_reference_unique" ON "transactions" USING btree ("payment_reference");
