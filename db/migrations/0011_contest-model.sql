CREATE TYPE "public"."contest_model" AS ENUM('free_entry', 'paid_certificates', 'paid_cash');--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_amount_positive";--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "contest_model" "contest_model" DEFAULT 'paid_cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_free_entry_has_no_fee" CHECK ("quizzes"."contest_model" <> 'free_entry' or "quizzes"."entry_fee_paise" = 0);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_certificates_have_no_cash" CHECK ("quizzes"."contest_model" <> 'paid_certificates' or "quizzes"."prize_money_paise" = 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount_paise" > 0 or ("transactions"."amount_paise" = 0 and "transactions"."type" = 'form pay' and "transactions"."mode" = 'wallet' and "transactions"."status" = 'verified'));