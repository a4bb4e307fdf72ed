import { z } from "zod";
import { route } from "@/lib/http/route";
import { questionSchema } from "@/lib/questions/schemas";
import { updateQuestion } from "@/lib/questions/service";

export const PUT = route({ auth: "admin", params: z.object({ id: z.uuid("Not found.") }), body: questionSchema }, async ({ params, body }) => ({
  message: "Question updated.",
  question: await updateQuestion(params.id, body),
}));
