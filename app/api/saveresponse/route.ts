import { Forbidden } from "@/lib/errors";
import { saveResponse } from "@/lib/exam/service";
import { saveResponseSchema } from "@/lib/exam/schemas";
import { route } from "@/lib/http/route";

/** The spec's one-shot submission, kept for compatibility: the server still scores it. */
export const POST = route({ auth: "user", body: saveResponseSchema }, async ({ user, body }) => {
  if (body.participantId !== user.id) throw new Forbidden("You can submit only your own response.");
  return saveResponse(user, body.quizId, body.answers, body.focusLogs ?? []);
});
