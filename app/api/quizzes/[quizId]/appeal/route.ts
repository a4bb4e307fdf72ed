import { appealDisqualification } from "@/lib/review";
import { quizParams } from "@/lib/quizzes/schemas";
import { appealSchema } from "@/lib/review/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "results.appeal", does: "Appeals the caller's disqualification", params: quizParams, body: appealSchema }, async ({ actor, params, body, say }) => {
  await appealDisqualification(actor, params.quizId, body.text);
  return Response.json({ message: say("appealSent") }, { status: 201 });
});
