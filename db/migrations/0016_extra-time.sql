CREATE TYPE "public"."extra_time_unit" AS ENUM('minutes', 'percent');--> statement-breakpoint
CREATE TABLE "extra_time_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"unit" "extra_time_unit" NOT NULL,
	"amount" integer NOT NULL,
	"extra_seconds" integer NOT NULL,
	"reason" text NOT NULL,
	"granted_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extra_time_grants_one_per_participant_and_quiz" UNIQUE("quiz_id","participant_id"),
	CONSTRAINT "extra_time_grants_amount_positive" CHECK ("extra_time_grants"."amount" > 0),
	CONSTRAINT "extra_time_grants_extra_positive" CHECK ("extra_time_grants"."extra_seconds" > 0)
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "extra_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "extra_time_grants" ADD CONSTRAINT "extra_time_grants_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_time_grants" ADD CONSTRAINT "extra_time_grants_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_time_grants" ADD CONSTRAINT "extra_time_grants_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_extra_time_not_negative" CHECK ("attempts"."extra_seconds" >= 0);