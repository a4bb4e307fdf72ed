import { listResponses } from "@/lib/exam/responses";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "admin" }, async ({ request }) => {
  const quizId = new URL(request.url).searchParams.get("quizId");
  return { responses: await listResponses(quizId && /^[0-9a-f-]{36}$/i.test(quizId) ? quizId : undefined) };
});
