import { z } from "zod";
import { route } from "@/lib/http";
import { deleteQuestion } from "@/lib/quizzes";

export const DELETE = route({ can: "questions.edit", does: "Deletes a question from the bank", params: z.object({ id: z.uuid("Not found.") }) }, async ({ actor, params }) => {
  await deleteQuestion(actor, params.id);
  return { message: "Question deleted." };
});
