import { examStartLine, startExam } from "@/lib/exam";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "exam.take", does: "Starts the caller's one attempt, in turn when many start at once", params: quizParams, admittedBy: examStartLine }, async ({ actor, params }) => startExam(actor, params.quizId));
