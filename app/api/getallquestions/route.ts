import { z } from "zod";
import { route } from "@/lib/http";
import { listQuestions, specQuestion } from "@/lib/quizzes";
import { text } from "@/lib/validation";

const questionFilter = z.object({
  search: text("The search").max(200, "The search must be at most 200 characters.").optional(),
  subject: text("The subject").max(80, "The subject must be at most 80 characters.").optional(),
});

/** The bank with its answers: admins only (participants get questions through the exam API). */
export const GET = route({ can: "questions.edit", does: "Lists the question bank", query: questionFilter }, async ({ actor, query }) => ({
  questions: (await listQuestions(actor, { search: query.search || undefined, subject: query.subject || undefined })).map(specQuestion),
}));
