import { examPaper } from "@/lib/exam";
import { route } from "@/lib/http";
import { quizParams } from "@/lib/quizzes/schemas";

/**
 * The same bytes for every participant, kept by the browser for the exam (the address names the
 * paper's version). Compressed on the way like every response (a route handler cannot send bytes
 * it compressed itself: Next drops their Content-Encoding).
 */
export const GET = route({ can: "exam.take", does: "Reads the quiz's rendered questions (formulas, tables) once the caller's attempt has started", params: quizParams }, async ({ actor, params }) =>
  new Response((await examPaper(actor, params.quizId)).json, { headers: { "content-type": "application/json", "cache-control": "private, max-age=86400" } }),
);
