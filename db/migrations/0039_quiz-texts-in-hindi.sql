ALTER TABLE "quizzes" ADD COLUMN "title_hi" text;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "description_hi" text;