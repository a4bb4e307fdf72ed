import { examPaper } from "@/lib/exam";
import { route } from "@/lib/http";
import { quizParams } from "@/lib/quizzes/schemas";

/**
 * The same bytes for every participant, compressed once, as a gzip file the page unpacks (a route
 * handler's Content-Encoding is dropped by Next, and rendered formulas are large: 25 questions of
 * them, 680 KB of JSON, are 14 KB gzipped). Kept by the browser for the exam: the address names
 * the paper's version.
 */
export const GET = route({ can: "exam.take", does: "Reads the quiz's rendered questions (formulas, tables), gzipped, once the caller's attempt has started", params: quizParams }, async ({ actor, params }) =>
  new Response(new Uint8Array((await examPaper(actor, params.quizId)).gzip), { headers: { "content-type": "application/gzip", "cache-control": "private, max-age=86400" } }),
);
