import { decideObjections } from "@/lib/exam";
import { keyDecisionSchema, questionParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { KEY_DECIDED } from "@/lib/messages";

export const POST = route({ can: "results.manageKey", params: questionParams, body: keyDecisionSchema }, async ({ actor, params, body }) => ({
  message: KEY_DECIDED,
  ...(await decideObjections(actor, params.quizId, params.questionId, body)),
}));
