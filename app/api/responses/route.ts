import { z } from "zod";
import { listFullResponses } from "@/lib/review";
import { route } from "@/lib/http";

/** An unknown or malformed quizId lists every quiz's responses, as before. */
const responsesQuery = z.object({ quizId: z.string().optional() });

export const GET = route({ can: "exam.readResponses", does: "Lists the responses of a quiz for review", query: responsesQuery }, async ({ actor, query }) => ({
  responses: await listFullResponses(actor, query.quizId && z.uuid().safeParse(query.quizId).success ? query.quizId : undefined),
}));
