import { decideAppeal } from "@/lib/exam";
import { appealDecisionSchema, attemptParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { APPEAL_DECIDED } from "@/lib/messages";

export const POST = route({ can: "exam.disqualify", params: attemptParams, body: appealDecisionSchema }, async ({ actor, params, body }) => {
  await decideAppeal(actor, params.attemptId, body);
  return { message: APPEAL_DECIDED };
});
