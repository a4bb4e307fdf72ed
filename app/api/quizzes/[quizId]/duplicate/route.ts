import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";
import { duplicateQuiz, specQuiz } from "@/lib/quizzes";
import { duplicateQuery } from "@/lib/quizzes/schemas";

/** `?cashPrizesLawfulConfirmed=true` confirms a copy of paid entry with cash prizes (see duplicateQuiz). */
export const POST = route({ can: "quizzes.edit", does: "Copies a quiz as a new draft", params: quizParams, query: duplicateQuery }, async ({ actor, params, query }) =>
  Response.json({ message: "Quiz duplicated.", quiz: specQuiz(await duplicateQuiz(actor, params.quizId, query)) }, { status: 201 }),
);
