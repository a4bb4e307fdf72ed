import "server-only";
import { notFound, redirect } from "next/navigation";
import { requireViewer } from "@/lib/auth/session";
import { quizParams } from "@/lib/exam/schemas";
import { examAccess } from "@/lib/exam/service";
import { findActiveUser } from "@/lib/users/service";

/**
 * The logged-in participant and what they may do with this quiz. Signs the visitor in first,
 * so a logged-out visitor never learns which quiz ids exist.
 */
export async function loadExamAccess(quizId: unknown) {
  const viewer = await requireViewer();
  const parsed = quizParams.safeParse({ quizId });
  if (!parsed.success) notFound();
  // A session can outlive its account (deleted meanwhile): treat it as logged out.
  const user = await findActiveUser(viewer.id);
  if (!user) redirect("/");
  const access = await examAccess(user, parsed.data.quizId);
  if (!access.quiz) notFound();
  return { user, quiz: access.quiz, access };
}
