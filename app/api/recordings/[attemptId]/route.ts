import { z } from "zod";
import { streamRecording } from "@/lib/review";
import { route } from "@/lib/http";
import { wholeNumber } from "@/lib/validation";

const recordingQuery = z.object({ segment: wholeNumber("The segment", { min: 0, max: 1_000_000 }).default(0) });

export const GET = route(
  { can: "exam.viewRecordings", does: "Streams an attempt's proctoring recording", params: z.object({ attemptId: z.uuid("No recording for this attempt.") }), query: recordingQuery },
  async ({ actor, params, query }) => {
    const recording = await streamRecording(actor, params.attemptId, query.segment);
    return new Response(recording.body, {
      headers: { "content-type": recording.contentType, "content-length": String(recording.size), "cache-control": "private, no-store" },
    });
  },
);
