import { decideObjections } from "@/lib/exam";
import { keyDecisionSchema, questionParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "results.manageKey", does: "Decides the objections to a question (keep, change the key, drop)", params: questionParams, body: keyDecisionSchema }, async ({ actor, params, body, say }) => ({
  message: say("keyDecided"),
  ...(await decideObjections(actor, params.quizId, params.questionId, body)),
}));
