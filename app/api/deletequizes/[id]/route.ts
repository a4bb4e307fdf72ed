import { z } from "zod";
import { route } from "@/lib/http/route";
import { deleteQuiz } from "@/lib/quizzes/admin";

export const DELETE = route({ auth: "admin", params: z.object({ id: z.uuid("Not found.") }) }, async ({ params }) => deleteQuiz(params.id));
