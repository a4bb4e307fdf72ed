import { examStartLine, startExamForSession } from "@/lib/exam";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

export const POST = route(
  { can: "exam.take", does: "Starts the caller's one attempt, in turn when many start at once", identifiedBy: "service", params: quizParams, admittedBy: examStartLine },
  async ({ session, params }) => startExamForSession(session!, params.quizId),
);
