import { z } from "zod";
import { route } from "@/lib/http";
import { specQuiz, updateQuiz } from "@/lib/quizzes";
import { quizSchema } from "@/lib/quizzes/schemas";

export const PUT = route({ can: "quizzes.edit", does: "Edits a quiz", params: z.object({ id: z.uuid("Not found.") }), body: quizSchema }, async ({ actor, params, body }) => ({
  message: "Quiz updated.",
  quiz: specQuiz(await updateQuiz(actor, params.id, body)),
}));
