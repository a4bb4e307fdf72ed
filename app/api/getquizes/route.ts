import { route } from "@/lib/http";
import { listQuizzes } from "@/lib/quizzes";

export const GET = route({ can: "quizzes.browse" }, async ({ actor }) => ({ quizzes: await listQuizzes(actor) }));
