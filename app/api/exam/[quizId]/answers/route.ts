import { saveAnswer } from "@/lib/exam/service";
import { answerSaveSchema, quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http/route";

export const PUT = route({ auth: "user", params: quizParams, body: answerSaveSchema }, async ({ user, params, body }) =>
  saveAnswer(user, params.quizId, body),
);
