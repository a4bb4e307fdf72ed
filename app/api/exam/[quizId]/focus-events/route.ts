import { recordFocusEvents } from "@/lib/exam/service";
import { focusEventsSchema, quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "user", params: quizParams, body: focusEventsSchema }, async ({ user, params, body }) =>
  recordFocusEvents(user, params.quizId, body.events),
);
