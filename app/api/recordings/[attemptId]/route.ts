import { z } from "zod";
import { streamRecording } from "@/lib/exam/recordings";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "admin", params: z.object({ attemptId: z.uuid("No recording for this attempt.") }) }, async ({ user, params }) => {
  const recording = await streamRecording(user, params.attemptId);
  return new Response(recording.body, {
    headers: { "content-type": recording.contentType, "content-length": String(recording.size), "cache-control": "private, no-store" },
  });
});
