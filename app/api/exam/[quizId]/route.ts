import { NotFound } from "@/lib/errors";
import { resumeExam } from "@/lib/exam/service";
import { quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "user", params: quizParams }, async ({ user, params }) => {
  const view = await resumeExam(user, params.quizId);
  if (!view) throw new NotFound("You have not started this quiz.");
  return view;
});
