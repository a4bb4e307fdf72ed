import { publishResults } from "@/lib/exam/results";
import { quizParams } from "@/lib/exam/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ auth: "admin", params: quizParams }, async ({ params }) => publishResults(params.quizId));
