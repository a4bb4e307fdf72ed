import { route } from "@/lib/http";
import { listQuizzes, specQuiz } from "@/lib/quizzes";

export const GET = route({ can: "quizzes.browse", does: "Lists the quizzes" }, async ({ actor }) => ({ quizzes: (await listQuizzes(actor)).map((quiz) => specQuiz(quiz)) }));
