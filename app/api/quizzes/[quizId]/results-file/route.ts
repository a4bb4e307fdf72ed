import { z } from "zod";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";
import { publicResultsFile } from "@/lib/results";

/** With the digest in its address the file can never change: caches keep it for good. */
const query = z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/, "A digest is 64 hexadecimal digits.").optional() });

export const GET = route({ can: "results.view", does: "Downloads a quiz's public results file (pseudonyms, answers, key, prizes), whose SHA-256 is the digest", params: quizParams, query }, async ({ actor, params, query, request }) => {
  const file = await publicResultsFile(actor, params.quizId, query.digest);
  const etag = `"${file.digest}"`;
  const headers = {
    etag,
    "cache-control": query.digest ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(file.text, {
    headers: {
      ...headers,
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "x-content-type-options": "nosniff",
    },
  });
});
