import { saveAnswers } from "@/lib/exam";
import { answerBatchSchema, quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";

export const PUT = route({ can: "exam.take", params: quizParams, body: answerBatchSchema }, async ({ actor, params, body }) =>
  saveAnswers(actor, params.quizId, body.answers),
);
