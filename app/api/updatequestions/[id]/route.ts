import { z } from "zod";
import { route } from "@/lib/http";
import { specQuestion, updateQuestion } from "@/lib/quizzes";
import { questionSchema } from "@/lib/quizzes/schemas";

export const PUT = route({ can: "questions.edit", does: "Edits a question", params: z.object({ id: z.uuid("Not found.") }), body: questionSchema }, async ({ actor, params, body }) => ({
  message: "Question updated.",
  question: specQuestion(await updateQuestion(actor, params.id, body)),
}));
