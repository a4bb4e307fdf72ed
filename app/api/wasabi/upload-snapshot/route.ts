import { z } from "zod";
import { storeRecordingChunk } from "@/lib/exam";
import { route } from "@/lib/http";

const snapshotForm = z.object({
  snapshot: z.instanceof(File, { error: "Snapshot upload failed!" }),
  quizID: z.uuid("This quiz does not exist."),
  sequence: z.coerce.number({ error: "sequence is required." }).int().min(0).max(1_000_000),
  userID: z.string().optional(),
});

export const POST = route({ can: "exam.record", does: "Uploads a proctoring snapshot", form: snapshotForm }, async ({ actor, form }) =>
  Response.json({ message: "Snapshot uploaded", ...(await storeRecordingChunk(actor, form.quizID, "snapshot", form.sequence, form.snapshot)) }, { status: 201 }),
);
