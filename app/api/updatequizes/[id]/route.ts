import { z } from "zod";
import { route } from "@/lib/http/route";
import { updateQuiz } from "@/lib/quizzes/admin";
import { quizSchema } from "@/lib/quizzes/schemas";

export const PUT = route({ auth: "admin", params: z.object({ id: z.uuid("Not found.") }), body: quizSchema }, async ({ params, body }) => ({
  message: "Quiz updated.",
  quiz: await updateQuiz(params.id, body),
}));
