ALTER TABLE "questions" ADD COLUMN "text_hi" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "options_hi" text[];--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_hindi_four_options" CHECK ("questions"."options_hi" is null or cardinality("questions"."options_hi") = 4);--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_hindi_complete" CHECK (("questions"."text_hi" is null) = ("questions"."options_hi" is null));--> statement-breakpoint
-- The Hindi version is part of what an exam shows, so a change to it makes cached copies stale too.
DROP TRIGGER questions_bump_quiz_version ON questions;--> statement-breakpoint
CREATE TRIGGER questions_bump_quiz_version
  AFTER UPDATE OF text, options, text_hi, options_hi ON questions
  FOR EACH ROW EXECUTE FUNCTION bump_quiz_questions_version();
