import { decideObjections } from "@/lib/results";
import { keyDecisionSchema, questionParams } from "@/lib/results/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "results.manageKey", does: "Decides the objections to a question (keep, change the key, drop)", params: questionParams, body: keyDecisionSchema }, async ({ actor, params, body, say }) => {
  const decided = await decideObjections(actor, params.quizId, params.questionId, body);
  return { message: say(decided.awaitsRevision ? "keyDecidedAfterResults" : "keyDecided"), ...decided };
});
