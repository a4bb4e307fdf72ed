ALTER TABLE "quizzes" ADD COLUMN "questions_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Instances cache a quiz's questions (text and options) while its exam runs; whatever path
-- changes them, the database bumps the quiz's version so every cached copy knows it is stale.
CREATE FUNCTION bump_quiz_questions_version() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'questions' THEN
    UPDATE quizzes SET questions_version = questions_version + 1
      WHERE id IN (SELECT quiz_id FROM quiz_questions WHERE question_id = NEW.id);
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE quizzes SET questions_version = questions_version + 1 WHERE id = NEW.quiz_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE quizzes SET questions_version = questions_version + 1 WHERE id = OLD.quiz_id;
  ELSE
    UPDATE quizzes SET questions_version = questions_version + 1 WHERE id IN (OLD.quiz_id, NEW.quiz_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER questions_bump_quiz_version
  AFTER UPDATE OF text, options ON questions
  FOR EACH ROW EXECUTE FUNCTION bump_quiz_questions_version();
--> statement-breakpoint
CREATE TRIGGER quiz_questions_bump_quiz_version
  AFTER INSERT OR DELETE OR UPDATE OF quiz_id, question_id, position ON quiz_questions
  FOR EACH ROW EXECUTE FUNCTION bump_quiz_questions_version();
