import { examClock } from "@/lib/exam";
import { quizParams } from "@/lib/quizzes/schemas";
import { route } from "@/lib/http";

/** The running exam asks now and then (and at time-up) whether its deadline moved: extra time. */
export const GET = route({ can: "exam.take", does: "Reads the server's clock and the attempt's deadline", identifiedBy: "service", params: quizParams }, async ({ session, params }) => examClock(session!, params.quizId));
