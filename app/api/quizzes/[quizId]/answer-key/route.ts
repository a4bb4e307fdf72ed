import { publishAnswerKey } from "@/lib/exam";
import { quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { KEY_PUBLISHED } from "@/lib/messages";

export const POST = route({ can: "results.manageKey", params: quizParams }, async ({ actor, params }) => {
  await publishAnswerKey(actor, params.quizId);
  return { message: KEY_PUBLISHED };
});
