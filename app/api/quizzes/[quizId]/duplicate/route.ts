import { quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http/route";
import { duplicateQuiz } from "@/lib/quizzes/admin";

export const POST = route({ auth: "admin", params: quizParams }, async ({ params }) =>
  Response.json({ message: "Quiz duplicated.", quiz: await duplicateQuiz(params.quizId) }, { status: 201 }),
);
