import { route } from "@/lib/http";
import { createQuiz, specQuiz } from "@/lib/quizzes";
import { quizSchema } from "@/lib/quizzes/schemas";

export const POST = route({ can: "quizzes.edit", does: "Creates a quiz", body: quizSchema }, async ({ actor, body }) =>
  Response.json({ message: "Quiz created.", quiz: specQuiz(await createQuiz(actor, body)) }, { status: 201 }),
);
