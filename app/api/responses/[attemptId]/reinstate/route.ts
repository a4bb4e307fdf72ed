import { reinstateAttempt } from "@/lib/exam";
import { attemptParams, reinstateSchema } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { ATTEMPT_REINSTATED } from "@/lib/messages";

export const POST = route({ can: "exam.disqualify", params: attemptParams, body: reinstateSchema }, async ({ actor, params, body }) => {
  await reinstateAttempt(actor, params.attemptId, body.reason);
  return { message: ATTEMPT_REINSTATED };
});
