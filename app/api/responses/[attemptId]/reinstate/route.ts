import { reinstateAttempt } from "@/lib/review";
import { attemptParams, reinstateSchema } from "@/lib/review/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "exam.disqualify", does: "Reinstates a disqualified attempt", params: attemptParams, body: reinstateSchema }, async ({ actor, params, body, say }) => {
  await reinstateAttempt(actor, params.attemptId, body.reason);
  return { message: say("attemptReinstated") };
});
