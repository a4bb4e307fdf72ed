import { z } from "zod";
import { streamRecording } from "@/lib/exam";
import { route } from "@/lib/http";

const recordingQuery = z.object({ segment: z.string().optional() });

export const GET = route(
  { can: "exam.viewRecordings", params: z.object({ attemptId: z.uuid("No recording for this attempt.") }), query: recordingQuery },
  async ({ actor, params, query }) => {
    const segment = Math.max(0, Math.floor(Number(query.segment) || 0));
    const recording = await streamRecording(actor, params.attemptId, segment);
    return new Response(recording.body, {
      headers: { "content-type": recording.contentType, "content-length": String(recording.size), "cache-control": "private, no-store" },
    });
  },
);
