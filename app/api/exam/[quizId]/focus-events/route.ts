import { recordFocusEvents } from "@/lib/exam";
import { focusEventsSchema } from "@/lib/exam/schemas";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

export const POST = route({ can: "exam.take", does: "Logs focus and full-screen exits during an attempt", params: quizParams, body: focusEventsSchema }, async ({ actor, params, body }) =>
  recordFocusEvents(actor, params.quizId, body.events),
);
