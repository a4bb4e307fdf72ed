CREATE TYPE "public"."notification_target" AS ENUM('all', 'user', 'admin');--> statement-breakpoint
CREATE TYPE "public"."payment_mode" AS ENUM('upi', 'wallet');--> statement-breakpoint
CREATE TYPE "public"."prize_kind" AS ENUM('cash', 'free_pass');--> statement-breakpoint
CREATE TYPE "public"."recording_kind" AS ENUM('video', 'snapshot');--> statement-breakpoint
CREATE TYPE "public"."referral_status" AS ENUM('pending', 'rewarded');--> statement-breakpoint
CREATE TYPE "public"."transaction_status" AS ENUM('pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('credit', 'debit', 'form pay');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('participant', 'admin');--> statement-breakpoint
CREATE TABLE "attempt_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"selected_option_index" smallint,
	"answered_at" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id"),
	CONSTRAINT "attempt_answers_option_in_range" CHECK ("attempt_answers"."selected_option_index" is null or "attempt_answers"."selected_option_index" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"shuffle_seed" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"current_question_index" integer DEFAULT 0 NOT NULL,
	"time_left_seconds" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	"score" integer,
	"time_taken_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempts_one_per_participant_and_quiz" UNIQUE("participant_id","quiz_id"),
	CONSTRAINT "attempts_deadline_after_start" CHECK ("attempts"."deadline_at" > "attempts"."started_at"),
	CONSTRAINT "attempts_score_not_negative" CHECK ("attempts"."score" is null or "attempts"."score" >= 0),
	CONSTRAINT "attempts_time_taken_not_negative" CHECK ("attempts"."time_taken_seconds" is null or "attempts"."time_taken_seconds" >= 0),
	CONSTRAINT "attempts_time_left_not_negative" CHECK ("attempts"."time_left_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"category" text NOT NULL,
	"image_url" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blogs_slug_format" CHECK ("blogs"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "blogs_view_count_not_negative" CHECK ("blogs"."view_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "focus_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"attempt_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"duration_ms" integer,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"target" "notification_target" NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"icon" text,
	"url" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prize_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quiz_id" uuid,
	"rank_from" integer NOT NULL,
	"rank_to" integer NOT NULL,
	"kind" "prize_kind" NOT NULL,
	"amount_paise" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prize_tiers_rank_unique" UNIQUE NULLS NOT DISTINCT("quiz_id","rank_from"),
	CONSTRAINT "prize_tiers_rank_range" CHECK ("prize_tiers"."rank_from" >= 1 and "prize_tiers"."rank_from" <= "prize_tiers"."rank_to"),
	CONSTRAINT "prize_tiers_amount_matches_kind" CHECK (("prize_tiers"."kind" = 'cash' and "prize_tiers"."amount_paise" > 0) or ("prize_tiers"."kind" = 'free_pass' and "prize_tiers"."amount_paise" = 0))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"subject" text NOT NULL,
	"options" text[] NOT NULL,
	"correct_option_index" smallint NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_four_options" CHECK (cardinality("questions"."options") = 4),
	CONSTRAINT "questions_correct_option_in_range" CHECK ("questions"."correct_option_index" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"quiz_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "quiz_questions_quiz_id_question_id_pk" PRIMARY KEY("quiz_id","question_id"),
	CONSTRAINT "quiz_questions_position_unique" UNIQUE("quiz_id","position"),
	CONSTRAINT "quiz_questions_position_not_negative" CHECK ("quiz_questions"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"prize_money_paise" integer DEFAULT 0 NOT NULL,
	"entry_fee_paise" integer DEFAULT 50000 NOT NULL,
	"capacity" integer,
	"duration_seconds" integer DEFAULT 1800 NOT NULL,
	"question_count" integer DEFAULT 25 NOT NULL,
	"marks_per_question" integer DEFAULT 1 NOT NULL,
	"shuffle_questions" boolean DEFAULT true NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"poster_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"form_start_at" timestamp with time zone NOT NULL,
	"form_end_at" timestamp with time zone NOT NULL,
	"exam_start_at" timestamp with time zone NOT NULL,
	"exam_end_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"results_published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_prize_not_negative" CHECK ("quizzes"."prize_money_paise" >= 0),
	CONSTRAINT "quizzes_fee_not_negative" CHECK ("quizzes"."entry_fee_paise" >= 0),
	CONSTRAINT "quizzes_capacity_positive" CHECK ("quizzes"."capacity" is null or "quizzes"."capacity" > 0),
	CONSTRAINT "quizzes_duration_positive" CHECK ("quizzes"."duration_seconds" > 0),
	CONSTRAINT "quizzes_question_count_positive" CHECK ("quizzes"."question_count" > 0),
	CONSTRAINT "quizzes_marks_positive" CHECK ("quizzes"."marks_per_question" > 0),
	CONSTRAINT "quizzes_dates_in_order" CHECK ("quizzes"."form_start_at" <= "quizzes"."form_end_at" and "quizzes"."form_end_at" <= "quizzes"."exam_start_at" and "quizzes"."exam_start_at" < "quizzes"."exam_end_at" and "quizzes"."exam_end_at" <= "quizzes"."result_at")
);
--> statement-breakpoint
CREATE TABLE "recording_chunks" (
	"attempt_id" uuid NOT NULL,
	"kind" "recording_kind" NOT NULL,
	"sequence" integer NOT NULL,
	"object_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_chunks_attempt_id_kind_sequence_pk" PRIMARY KEY("attempt_id","kind","sequence"),
	CONSTRAINT "recording_chunks_sequence_not_negative" CHECK ("recording_chunks"."sequence" >= 0),
	CONSTRAINT "recording_chunks_size_positive" CHECK ("recording_chunks"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_user_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"status" "referral_status" DEFAULT 'pending' NOT NULL,
	"reward_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referred_user_id" <> "referrals"."referrer_id"),
	CONSTRAINT "referrals_rewarded_has_transaction" CHECK (("referrals"."status" = 'rewarded') = ("referrals"."reward_transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"quiz_id" uuid,
	"type" "transaction_type" NOT NULL,
	"mode" "payment_mode" DEFAULT 'upi' NOT NULL,
	"status" "transaction_status" DEFAULT 'pending' NOT NULL,
	"amount_paise" integer NOT NULL,
	"payment_reference" text,
	"payee_name" text,
	"upi_id" text,
	"reason" text NOT NULL,
	"proof_object_key" text,
	"reviewed_by_id" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount_paise" > 0),
	CONSTRAINT "transactions_entry_fee_names_quiz" CHECK ("transactions"."type" <> 'form pay' or "transactions"."quiz_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"google_id" text,
	"role" "user_role" DEFAULT 'participant' NOT NULL,
	"date_of_birth" date,
	"mobile" text,
	"street" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"profile_image_key" text,
	"referral_code" text NOT NULL,
	"referred_by_id" uuid,
	"wallet_balance_paise" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_wallet_not_negative" CHECK ("users"."wallet_balance_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "focus_events" ADD CONSTRAINT "focus_events_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_tiers" ADD CONSTRAINT "prize_tiers_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_chunks" ADD CONSTRAINT "recording_chunks_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reward_transaction_id_transactions_id_fk" FOREIGN KEY ("reward_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_id_users_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_quiz_ranking_idx" ON "attempts" USING btree ("quiz_id","score","time_taken_seconds");--> statement-breakpoint
CREATE INDEX "attempts_overdue_idx" ON "attempts" USING btree ("deadline_at") WHERE "attempts"."submitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "blogs_slug_unique" ON "blogs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blogs_published_idx" ON "blogs" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "blogs_category_idx" ON "blogs" USING btree ("category","published_at");--> statement-breakpoint
CREATE INDEX "blogs_popular_idx" ON "blogs" USING btree ("view_count");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "focus_events_attempt_idx" ON "focus_events" USING btree ("attempt_id","occurred_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_expiry_idx" ON "password_reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "questions_subject_idx" ON "questions" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "quiz_questions_question_idx" ON "quiz_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "quizzes_exam_start_idx" ON "quizzes" USING btree ("exam_start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_single_demo" ON "quizzes" USING btree ("is_demo") WHERE "quizzes"."is_demo";--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_reward_unique" ON "referrals" USING btree ("reward_transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "transactions_quiz_idx" ON "transactions" USING btree ("quiz_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_pending_entry_fee" ON "transactions" USING btree ("user_id","quiz_id") WHERE "transactions"."type" = 'form pay' and "transactions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_one_verified_entry_fee" ON "transactions" USING btree ("user_id","quiz_id") WHERE "transactions"."type" = 'form pay' and "transactions"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id_unique" ON "users" USING btree ("google_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");