CREATE TABLE "certificates" (
	"verification_id" text PRIMARY KEY NOT NULL,
	"quiz_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_quiz_participant_unique" UNIQUE("quiz_id","participant_id"),
	CONSTRAINT "certificates_verification_id_format" CHECK ("certificates"."verification_id" ~ '^[A-Za-z0-9_-]{22}$')
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_result_row_fk" FOREIGN KEY ("quiz_id","participant_id") REFERENCES "public"."result_rows"("quiz_id","participant_id") ON DELETE restrict ON UPDATE no action;