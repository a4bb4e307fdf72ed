import { z } from "zod";
import { storeRecordingChunk } from "@/lib/exam/recordings";
import { route } from "@/lib/http/route";

const chunkForm = z.object({
  chunk: z.instanceof(File, { error: "Exam video upload failed!" }),
  quizID: z.uuid("This quiz does not exist."),
  sequence: z.coerce.number({ error: "sequence is required." }).int().min(0).max(1_000_000),
  /** Accepted for the spec's payload; the uploader is always the logged-in user. */
  userID: z.string().optional(),
});

export const POST = route({ auth: "user", form: chunkForm }, async ({ user, form }) =>
  Response.json(await storeRecordingChunk(user, form.quizID, "video", form.sequence, form.chunk), { status: 201 }),
);
