import { decideAppeal } from "@/lib/review";
import { appealDecisionSchema, attemptParams } from "@/lib/review/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "exam.disqualify", does: "Decides a disqualification appeal", params: attemptParams, body: appealDecisionSchema }, async ({ actor, params, body, say }) => {
  await decideAppeal(actor, params.attemptId, body);
  return { message: say("appealDecided") };
});
