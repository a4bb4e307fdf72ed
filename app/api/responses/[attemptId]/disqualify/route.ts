import { disqualifyAttempt } from "@/lib/exam";
import { attemptParams, disqualifySchema } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { ATTEMPT_DISQUALIFIED } from "@/lib/messages";

export const POST = route({ can: "exam.disqualify", params: attemptParams, body: disqualifySchema }, async ({ actor, params, body }) => {
  await disqualifyAttempt(actor, params.attemptId, body.reason);
  return { message: ATTEMPT_DISQUALIFIED };
});
