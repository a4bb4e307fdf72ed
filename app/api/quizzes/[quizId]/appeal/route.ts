import { appealDisqualification } from "@/lib/exam";
import { appealSchema, quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { APPEAL_SENT } from "@/lib/messages";

export const POST = route({ can: "results.appeal", params: quizParams, body: appealSchema }, async ({ actor, params, body }) => {
  await appealDisqualification(actor, params.quizId, body.text);
  return Response.json({ message: APPEAL_SENT }, { status: 201 });
});
