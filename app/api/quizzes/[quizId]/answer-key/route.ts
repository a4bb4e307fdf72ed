import { publishAnswerKey } from "@/lib/results";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "results.manageKey", does: "Publishes a quiz's provisional answer key and opens objections", params: quizParams }, async ({ actor, params, say }) => {
  await publishAnswerKey(actor, params.quizId);
  return { message: say("keyPublished") };
});
