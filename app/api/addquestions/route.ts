import { route } from "@/lib/http";
import { createQuestion, specQuestion } from "@/lib/quizzes";
import { questionSchema } from "@/lib/quizzes/schemas";

export const POST = route({ can: "questions.edit", does: "Adds a question to the bank", body: questionSchema }, async ({ actor, body }) =>
  Response.json({ message: "Question added.", question: specQuestion(await createQuestion(actor, body)) }, { status: 201 }),
);
