import { z } from "zod";
import { streamRecording } from "@/lib/exam/recordings";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "admin", params: z.object({ attemptId: z.uuid("No recording for this attempt.") }) }, async ({ user, params, request }) => {
  const segment = Math.max(0, Math.floor(Number(new URL(request.url).searchParams.get("segment")) || 0));
  const recording = await streamRecording(user, params.attemptId, segment);
  return new Response(recording.body, {
    headers: { "content-type": recording.contentType, "content-length": String(recording.size), "cache-control": "private, no-store" },
  });
});
