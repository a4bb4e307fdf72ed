import { z } from "zod";
import { storeRecordingChunk } from "@/lib/exam/recordings";
import { route } from "@/lib/http/route";

const snapshotForm = z.object({
  snapshot: z.instanceof(File, { error: "Snapshot upload failed!" }),
  quizID: z.uuid("This quiz does not exist."),
  sequence: z.coerce.number({ error: "sequence is required." }).int().min(0).max(1_000_000),
  userID: z.string().optional(),
});

export const POST = route({ auth: "user", form: snapshotForm }, async ({ user, form }) =>
  Response.json(await storeRecordingChunk(user, form.quizID, "snapshot", form.sequence, form.snapshot), { status: 201 }),
);
