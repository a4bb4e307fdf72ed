import { z } from "zod";
import { route } from "@/lib/http";
import { listQuestions } from "@/lib/quizzes";

const questionFilter = z.object({ search: z.string().optional(), subject: z.string().optional() });

/** The bank with its answers: admins only (participants get questions through the exam API). */
export const GET = route({ can: "questions.edit", query: questionFilter }, async ({ actor, query }) => ({
  questions: await listQuestions(actor, { search: query.search || undefined, subject: query.subject || undefined }),
}));
