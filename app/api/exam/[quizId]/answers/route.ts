import { saveAnswer } from "@/lib/exam";
import { answerSaveSchema, quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";

export const PUT = route({ can: "exam.take", params: quizParams, body: answerSaveSchema }, async ({ actor, params, body }) =>
  saveAnswer(actor, params.quizId, body),
);
