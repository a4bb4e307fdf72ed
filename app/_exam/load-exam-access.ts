import "server-only";
import { notFound } from "next/navigation";
import { requirePermission } from "@/lib/auth";
import { examAccess } from "@/lib/exam";
import { quizParams } from "@/lib/quizzes/schemas";

/**
 * For the exam pages (instructions and the live exam): the logged-in participant and what they
 * may do with this quiz. Signs the visitor in first, so a logged-out visitor never learns which
 * quiz ids exist. A refusal is said in the page's language (components/exam/ExamRefusalNotice).
 */
export async function loadExamAccess(quizId: unknown) {
  const user = await requirePermission("exam.take");
  const parsed = quizParams.safeParse({ quizId });
  if (!parsed.success) notFound();
  const access = await examAccess(user, parsed.data.quizId);
  if (!access.quiz) notFound();
  return { user, quiz: access.quiz, access };
}
