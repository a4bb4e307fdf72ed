import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";
import { publishRevision } from "@/lib/results";
import { revisionSchema } from "@/lib/results/schemas";

export const POST = route({ can: "results.publish", does: "Publishes a revision of a quiz's published results with a written reason, chained to the version it replaces", params: quizParams, body: revisionSchema }, async ({ actor, params, body, say }) => {
  const revised = await publishRevision(actor, params.quizId, body);
  return Response.json({ message: say("revisionPublished", { revision: revised.revision }), ...revised }, { status: 201 });
});
