import { examStartPace, saveAnswerForSession } from "@/lib/exam";
import { answerSaveSchema } from "@/lib/exam/schemas";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

/** Exam day's most frequent call: the service checks the session in the same read as the attempt. */
export const PUT = route({ can: "exam.take", does: "Saves one answer of a running attempt", identifiedBy: "service", timedBy: examStartPace(), params: quizParams, body: answerSaveSchema }, async ({ session, params, body }) =>
  saveAnswerForSession(session!, params.quizId, body),
);
