import { reinstateAttempt } from "@/lib/exam";
import { attemptParams, reinstateSchema } from "@/lib/exam/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "exam.disqualify", does: "Reinstates a disqualified attempt", params: attemptParams, body: reinstateSchema }, async ({ actor, params, body, say }) => {
  await reinstateAttempt(actor, params.attemptId, body.reason);
  return { message: say("attemptReinstated") };
});
