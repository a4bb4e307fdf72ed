import { z } from "zod";
import { route } from "@/lib/http";
import { deleteQuiz } from "@/lib/quizzes";

export const DELETE = route({ can: "quizzes.edit", does: "Deletes a quiz", params: z.object({ id: z.uuid("Not found.") }) }, async ({ actor, params }) => {
  await deleteQuiz(actor, params.id);
  return { message: "Quiz deleted." };
});
