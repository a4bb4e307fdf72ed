import { z } from "zod";
import { route } from "@/lib/http";
import { openQuestionImage } from "@/lib/quizzes";

export const GET = route(
  { can: "questions.viewImages", does: "Serves a question's image to admins, to participants who started its quiz, and to anyone once public", params: z.object({ id: z.uuid("File not found.") }) },
  async ({ actor, params }) => {
    const image = await openQuestionImage(actor, params.id);
    return new Response(image.body, {
      headers: {
        "content-type": image.contentType,
        "content-length": String(image.size),
        // An image never changes under its id; a paid quiz's stays out of shared caches.
        "cache-control": image.isPublic ? "public, max-age=86400" : "private, max-age=3600",
        "x-content-type-options": "nosniff",
      },
    });
  },
);
