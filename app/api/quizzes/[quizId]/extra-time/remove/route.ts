import { removeExtraTime } from "@/lib/exam";
import { extraTimeRemovalSchema, quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { EXTRA_TIME_REMOVED } from "@/lib/messages";

/** Takes a participant's extra time away before they submit; a reason is required (audit trail). */
export const POST = route({ can: "exam.grantExtraTime", params: quizParams, body: extraTimeRemovalSchema }, async ({ actor, params, body }) => {
  await removeExtraTime(actor, params.quizId, body);
  return { message: EXTRA_TIME_REMOVED };
});
