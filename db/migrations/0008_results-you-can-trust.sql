CREATE TYPE "public"."appeal_outcome" AS ENUM('rejected', 'upheld');--> statement-breakpoint
CREATE TYPE "public"."key_decision" AS ENUM('keep', 'change', 'drop');--> statement-breakpoint
ALTER TYPE "public"."upload_purpose" ADD VALUE 'objection';--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"attempt_id" uuid NOT NULL,
	"text" text NOT NULL,
	"outcome" "appeal_outcome",
	"response" text,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_decided_has_outcome" CHECK (("appeals"."outcome" is null) = ("appeals"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"decision" "key_decision" NOT NULL,
	"previous_option_index" smallint NOT NULL,
	"new_option_index" smallint,
	"note" text DEFAULT '' NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_decisions_new_option_for_change" CHECK (("key_decisions"."decision" = 'change') = ("key_decisions"."new_option_index" is not null) and ("key_decisions"."new_option_index" is null or "key_decisions"."new_option_index" between 0 and 3))
);
--> statement-breakpoint
CREATE TABLE "objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"evidence_upload_id" uuid,
	"decision_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "objections_one_per_question" UNIQUE("quiz_id","question_id","participant_id")
);
--> statement-breakpoint
CREATE TABLE "published_results" (
	"quiz_id" uuid PRIMARY KEY NOT NULL,
	"answer_key" jsonb NOT NULL,
	"digest" text NOT NULL,
	"published_by_id" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_rows" (
	"quiz_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"score" integer NOT NULL,
	"time_taken_seconds" integer NOT NULL,
	"prize_paise" integer DEFAULT 0 NOT NULL,
	"free_pass" boolean DEFAULT false NOT NULL,
	CONSTRAINT "result_rows_quiz_id_participant_id_pk" PRIMARY KEY("quiz_id","participant_id"),
	CONSTRAINT "result_rows_rank_positive" CHECK ("result_rows"."rank" >= 1)
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "disqualified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "disqualified_by_id" uuid;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "disqualification_reason" text;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "key_option_index" smallint;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "dropped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "objection_window_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "answer_key_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_decisions" ADD CONSTRAINT "key_decisions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_decisions" ADD CONSTRAINT "key_decisions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_decisions" ADD CONSTRAINT "key_decisions_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_evidence_upload_id_uploads_id_fk" FOREIGN KEY ("evidence_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objections" ADD CONSTRAINT "objections_decision_id_key_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."key_decisions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_results" ADD CONSTRAINT "published_results_published_by_id_users_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_rows" ADD CONSTRAINT "result_rows_quiz_id_published_results_quiz_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."published_results"("quiz_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_rows" ADD CONSTRAINT "result_rows_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_one_per_attempt" ON "appeals" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "key_decisions_quiz_idx" ON "key_decisions" USING btree ("quiz_id","decided_at");--> statement-breakpoint
CREATE INDEX "objections_open_idx" ON "objections" USING btree ("quiz_id","question_id") WHERE "objections"."decision_id" is null;--> statement-breakpoint
CREATE INDEX "result_rows_rank_idx" ON "result_rows" USING btree ("quiz_id","rank");--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_disqualified_by_id_users_id_fk" FOREIGN KEY ("disqualified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_disqualification_has_reason" CHECK (("attempts"."disqualified_at" is null) = ("attempts"."disqualification_reason" is null));--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_key_in_range" CHECK ("quiz_questions"."key_option_index" is null or "quiz_questions"."key_option_index" between 0 and 3);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_objection_window_positive" CHECK ("quizzes"."objection_window_hours" > 0);--> statement-breakpoint
-- The audit trail and published results are append-only: the database itself refuses to change
-- or delete their rows, whatever code path tries.
CREATE FUNCTION refuse_change_to_append_only_row() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are append-only and cannot be changed or deleted', TG_TABLE_NAME
    USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_append_only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER published_results_append_only
  BEFORE UPDATE OR DELETE ON published_results
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
--> statement-breakpoint
CREATE TRIGGER result_rows_append_only
  BEFORE UPDATE OR DELETE ON result_rows
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only_row();
