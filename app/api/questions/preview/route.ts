import { route } from "@/lib/http";
import { previewQuestion } from "@/lib/quizzes";
import { previewSchema } from "@/lib/quizzes/schemas";

export const POST = route({ can: "questions.edit", does: "Renders a question as participants will see it (live preview; stores nothing)", body: previewSchema }, async ({ actor, body }) =>
  previewQuestion(actor, body),
);
