import { z } from "zod";
import { storeRecordingChunk } from "@/lib/exam";
import { route } from "@/lib/http";

const chunkForm = z.object({
  chunk: z.instanceof(File, { error: "Exam video upload failed!" }),
  quizID: z.uuid("This quiz does not exist."),
  sequence: z.coerce.number({ error: "sequence is required." }).int().min(0).max(1_000_000),
  /** Accepted for the spec's payload; the uploader is always the logged-in user. */
  userID: z.string().optional(),
});

export const POST = route({ can: "exam.record", does: "Uploads a chunk of the exam recording", form: chunkForm }, async ({ actor, form }) =>
  Response.json({ message: "Chunk uploaded", ...(await storeRecordingChunk(actor, form.quizID, "video", form.sequence, form.chunk)) }, { status: 201 }),
);
