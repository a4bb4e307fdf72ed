import { examStartPace, saveAnswersForSession } from "@/lib/exam";
import { answerBatchSchema } from "@/lib/exam/schemas";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

/** A reconnecting hall's queued answers: the service checks the session in the same read as the attempt. */
export const PUT = route({ can: "exam.take", does: "Saves several answers of a running attempt at once (the offline outbox)", identifiedBy: "service", timedBy: examStartPace(), params: quizParams, body: answerBatchSchema }, async ({ session, params, body }) =>
  saveAnswersForSession(session!, params.quizId, body.answers),
);
