import { z } from "zod";
import { route } from "@/lib/http";
import { openUpload } from "@/lib/uploads";

export const GET = route({ can: "uploads.read", does: "Serves a stored upload to whoever may see it", params: z.object({ id: z.uuid("File not found.") }) }, async ({ actor, params }) => {
  const file = await openUpload(actor, params.id);
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
