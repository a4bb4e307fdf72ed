import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { resumeExam } from "@/lib/exam";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

export const GET = route({ can: "exam.take", does: "Reads the exam paper (questions without answers) and the caller's attempt", params: quizParams }, async ({ actor, params }) => {
  const view = await resumeExam(actor, params.quizId);
  if (!view) throw new NotFound(message("notStartedQuiz"));
  return view;
});
