import { grantExtraTime, listExtraTime } from "@/lib/review";
import { quizParams } from "@/lib/quizzes/schemas";
import { extraTimeSchema } from "@/lib/review/schemas";
import { route } from "@/lib/http";

/** The quiz's extra-time grants (accommodations), for admins. */
export const GET = route({ can: "exam.grantExtraTime", does: "Lists the extra time granted in a quiz", params: quizParams }, async ({ actor, params }) => ({ grants: await listExtraTime(actor, params.quizId) }));

/** Grants a participant extra time on the quiz, or changes their grant. */
export const PUT = route({ can: "exam.grantExtraTime", does: "Grants a participant extra time", params: quizParams, body: extraTimeSchema }, async ({ actor, params, body, say }) => ({
  message: say("extraTimeGranted"),
  grant: await grantExtraTime(actor, params.quizId, body),
}));
