import { z } from "zod";
import { examPaper } from "@/lib/exam";
import { route } from "@/lib/http";
import { quizParams } from "@/lib/quizzes/schemas";

const paperQuery = z.object({ v: z.coerce.number().int().nonnegative().optional() });

/**
 * The quiz's rendered questions (25 questions of formulas, 680 KB of JSON, are 15 KB gzipped),
 * sealed: the same bytes for every participant, fetched when the exam page opens, opened with the
 * key the start sends. 204 when no question needs it. With `v` the quiz's version, that version,
 * which the browser may keep; without, or with any other `v` (ignored rather than redirected, so a
 * made-up one costs no second request), the paper as it is now, kept by no one.
 */
export const GET = route(
  { can: "exam.take", identifiedBy: "service", does: "Reads the quiz's rendered questions (formulas, diagrams, tables), sealed with a key only a started attempt gets", params: quizParams, query: paperQuery },
  async ({ session, params, query }) => {
    const paper = await examPaper(session!, params.quizId, query.v);
    if (!paper.sealed) return new Response(null, { status: 204, headers: { "x-paper-version": String(paper.version) } });
    return new Response(new Uint8Array(paper.sealed), {
      headers: {
        "content-type": "application/octet-stream",
        "x-paper-version": String(paper.version),
        "cache-control": query.v === paper.version ? "private, max-age=86400" : "private, no-store",
      },
    });
  },
);
