import { z } from "zod";
import { route } from "@/lib/http/route";
import { openUpload } from "@/lib/uploads/service";

export const GET = route({ auth: "user", params: z.object({ id: z.uuid("File not found.") }) }, async ({ user, params }) => {
  const file = await openUpload(user, params.id);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      // Private: never kept by shared caches, and never sniffed into something executable.
      "cache-control": "private, max-age=300",
      "x-content-type-options": "nosniff",
    },
  });
});
