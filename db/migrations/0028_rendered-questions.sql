-- Issue 36: questions with formulas and Markdown, rendered once when saved (lib/content).
ALTER TABLE "questions" ADD COLUMN "rendered" jsonb;--> statement-breakpoint
-- The rendered HTML is what an exam shows, so a change to it makes cached copies stale too.
DROP TRIGGER questions_bump_quiz_version ON questions;--> statement-breakpoint
CREATE TRIGGER questions_bump_quiz_version
  AFTER UPDATE OF text, options, text_hi, options_hi, rendered ON questions
  FOR EACH ROW EXECUTE FUNCTION bump_quiz_questions_version();
