import { route } from "@/lib/http/route";
import { createQuiz } from "@/lib/quizzes/admin";
import { quizSchema } from "@/lib/quizzes/schemas";

export const POST = route({ auth: "admin", body: quizSchema }, async ({ body }) =>
  Response.json({ message: "Quiz created.", quiz: await createQuiz(body) }, { status: 201 }),
);
