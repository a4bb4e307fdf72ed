import { route } from "@/lib/http/route";
import { questionSchema } from "@/lib/questions/schemas";
import { createQuestion } from "@/lib/questions/service";

export const POST = route({ auth: "admin", body: questionSchema }, async ({ user, body }) =>
  Response.json({ message: "Question added.", question: await createQuestion(user, body) }, { status: 201 }),
);
