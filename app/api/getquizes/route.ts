import { route } from "@/lib/http/route";
import { listQuizzesForAdmin } from "@/lib/quizzes/admin";
import { listCompetitions } from "@/lib/quizzes/service";

/** Admins get every quiz with its question ids; everyone else the public list. */
export const GET = route({ auth: "public" }, async ({ user }) => ({
  quizzes: user?.role === "admin" ? await listQuizzesForAdmin() : await listCompetitions(),
}));
