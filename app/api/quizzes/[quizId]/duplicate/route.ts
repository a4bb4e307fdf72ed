import { quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { duplicateQuiz, specQuiz } from "@/lib/quizzes";

export const POST = route({ can: "quizzes.edit", params: quizParams }, async ({ actor, params }) =>
  Response.json({ message: "Quiz duplicated.", quiz: specQuiz(await duplicateQuiz(actor, params.quizId)) }, { status: 201 }),
);
