import { objectToKey } from "@/lib/exam";
import { objectionSchema, quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http";
import { OBJECTION_SENT } from "@/lib/messages";

export const POST = route({ can: "results.object", params: quizParams, body: objectionSchema }, async ({ actor, params, body }) => {
  await objectToKey(actor, params.quizId, body);
  return Response.json({ message: OBJECTION_SENT }, { status: 201 });
});
