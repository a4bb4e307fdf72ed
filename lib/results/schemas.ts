import { z } from "zod";
import { REVISION_REASON_REQUIRED } from "@/lib/catalogue";
import { text } from "@/lib/validation";

/** A revision's reason is published to every participant and beside the version on the winners page: more than a word. */
const REVISION_REASON_MIN = 20;
export const REVISION_REASON_MAX = 2000;

/** An admin's revision of a quiz's published results, always with its reason. */
export const revisionSchema = z.object({
  reason: text("Reason", REVISION_REASON_REQUIRED)
    .trim()
    .min(REVISION_REASON_MIN, REVISION_REASON_REQUIRED)
    .max(REVISION_REASON_MAX, `Keep the reason under ${REVISION_REASON_MAX} characters.`),
});

export type RevisionInput = z.infer<typeof revisionSchema>;
