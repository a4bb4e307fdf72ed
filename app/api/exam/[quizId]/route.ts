import { z } from "zod";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { resumeExam } from "@/lib/exam";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

/** `sources=1`: the texts of rendered questions as written too, for a page whose exam paper did not come. */
const viewQuery = z.object({ sources: z.enum(["1"]).optional() });

export const GET = route({ can: "exam.take", does: "Reads the exam paper (questions without answers) and the caller's attempt", params: quizParams, query: viewQuery }, async ({ actor, params, query }) => {
  const view = await resumeExam(actor, params.quizId, new Date(), query.sources === "1");
  if (!view) throw new NotFound(message("notStartedQuiz"));
  return view;
});
