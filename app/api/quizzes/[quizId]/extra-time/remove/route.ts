import { removeExtraTime } from "@/lib/review";
import { quizParams } from "@/lib/quizzes/schemas";
import { extraTimeRemovalSchema } from "@/lib/review/schemas";
import { route } from "@/lib/http";

/** Takes a participant's extra time away before they submit; a reason is required (audit trail). */
export const POST = route({ can: "exam.grantExtraTime", does: "Withdraws extra time from a participant", params: quizParams, body: extraTimeRemovalSchema }, async ({ actor, params, body, say }) => {
  await removeExtraTime(actor, params.quizId, body);
  return { message: say("extraTimeRemoved") };
});
