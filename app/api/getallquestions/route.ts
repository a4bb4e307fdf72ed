import { route } from "@/lib/http/route";
import { listQuestions } from "@/lib/questions/service";

/** The bank with its answers: admins only (participants get questions through the exam API). */
export const GET = route({ auth: "admin" }, async ({ request }) => {
  const search = new URL(request.url).searchParams;
  return { questions: await listQuestions({ search: search.get("search") ?? undefined, subject: search.get("subject") ?? undefined }) };
});
