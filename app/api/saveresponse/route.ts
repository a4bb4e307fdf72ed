import { saveResponse } from "@/lib/exam";
import { saveResponseSchema } from "@/lib/exam/schemas";
import { route } from "@/lib/http";

/** The spec's one-shot submission, kept for compatibility: the server still scores it. */
export const POST = route({ can: "exam.take", does: "Submits an attempt in SPEC's payload (answers, focus logs)", body: saveResponseSchema }, async ({ actor, body }) => saveResponse(actor, body));
