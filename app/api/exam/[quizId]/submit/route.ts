import { submitExam } from "@/lib/exam/service";
import { quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "user", params: quizParams }, async ({ user, params }) => submitExam(user, params.quizId));
