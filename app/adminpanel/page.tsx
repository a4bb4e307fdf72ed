import type { Metadata } from "next";
import { ComingNext, PageTitle } from "@/components/ui/PageTitle";
import { requireAdmin } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Admin panel", robots: { index: false } };

export default async function Page() {
  await requireAdmin();
  return (
    <>
      <PageTitle lead="Manage quizzes, questions, responses, notifications, transactions and blogs.">Admin panel</PageTitle>
      <ComingNext>The admin tabs open here one by one as each capability lands.</ComingNext>
    </>
  );
}
