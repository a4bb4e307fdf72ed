import { z } from "zod";
import { listResponses } from "@/lib/exam";
import { route } from "@/lib/http";

/** An unknown or malformed quizId lists every quiz's responses, as before. */
const responsesQuery = z.object({ quizId: z.string().optional() });

export const GET = route({ can: "exam.readResponses", query: responsesQuery }, async ({ actor, query }) => ({
  responses: await listResponses(actor, query.quizId && z.uuid().safeParse(query.quizId).success ? query.quizId : undefined),
}));
