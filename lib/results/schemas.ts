import { z } from "zod";
import { REVISION_REASON_REQUIRED } from "@/lib/catalogue";
import { quizParams } from "@/lib/quizzes/schemas";
import { REASON_MAX, text } from "@/lib/validation";

/** A revision's reason is published to every participant and beside the version on the winners page: more than a word. */
const REVISION_REASON_MIN = 20;

/** An admin's revision of a quiz's published results, always with its reason. */
export const revisionSchema = z.object({
  reason: text("Reason", REVISION_REASON_REQUIRED)
    .trim()
    .min(REVISION_REASON_MIN, REVISION_REASON_REQUIRED)
    .max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters.`),
});

export type RevisionInput = z.infer<typeof revisionSchema>;

export const questionParams = quizParams.extend({ questionId: z.uuid("This question is not part of the quiz.") });

/** A participant's objection to one question of a quiz's provisional key. */
export const objectionSchema = z.object({
  questionId: z.uuid("This question is not part of the quiz."),
  reason: text("Reason")
    .trim()
    .min(1, "Please say why the key is wrong.")
    .max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters.`),
  evidenceUploadId: z.uuid("Upload the image again.").nullable().optional(),
});

const note = text("Note").trim().max(REASON_MAX, `Keep the note under ${REASON_MAX} characters.`);

/** An admin's decision on one question: keep the key, change the correct option, or drop it. */
export const keyDecisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("keep"), note }),
  z.object({ decision: z.literal("drop"), note }),
  z.object({
    decision: z.literal("change"),
    newOptionIndex: z.number().int().min(0, "Choose the correct option.").max(3, "Choose the correct option."),
    note,
  }),
]);
