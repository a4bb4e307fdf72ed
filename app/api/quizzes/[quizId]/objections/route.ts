import { objectToKey } from "@/lib/results";
import { quizParams } from "@/lib/quizzes/schemas";
import { objectionSchema } from "@/lib/results/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "results.object", does: "Objects to a question of the provisional key", params: quizParams, body: objectionSchema }, async ({ actor, params, body, say }) => {
  await objectToKey(actor, params.quizId, body);
  return Response.json({ message: say("objectionSent") }, { status: 201 });
});
