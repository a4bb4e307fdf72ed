import { submitExam } from "@/lib/exam";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "exam.take", does: "Submits the caller's attempt (the score once the window has closed)", params: quizParams }, async ({ actor, params }) => submitExam(actor, params.quizId));
