import { disqualifyAttempt } from "@/lib/review";
import { attemptParams, disqualifySchema } from "@/lib/review/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "exam.disqualify", does: "Disqualifies an attempt with a reason", params: attemptParams, body: disqualifySchema }, async ({ actor, params, body, say }) => {
  await disqualifyAttempt(actor, params.attemptId, body.reason);
  return { message: say("attemptDisqualified") };
});
